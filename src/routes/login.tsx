import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { clearSession, getSession } from '../api/session.ts'
import { wipePersistedQueries } from '../offline/query-persister.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'

export const Route = createFileRoute('/login')({
  // The first screen of most visits: it comes with the entry, not one round trip later.
  codeSplitGroupings: [],
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Opening the sign-in page signs the current user out (docs/behaviour.md#screens-and-routes):
  // session, look-ups and the wizard draft go; unsent trials stay for their author's next sign-in.
  beforeLoad: async ({ preload, context }) => {
    if (preload) return
    const userId = getSession()?.user.id
    clearSession()
    context.queryClient.clear()
    wipePersistedQueries()
    if (userId === undefined) return
    // The device's database loads only to forget a signed-in user's draft.
    const [{ offlineDatabase }, { forgetDraftsOnLogout }] = await Promise.all([
      import('../offline/database.ts'),
      import('../offline/outbox.ts'),
    ])
    await forgetDraftsOnLogout(offlineDatabase(), userId)
  },
  component: LoginPage,
})

function LoginPage() {
  const { redirect } = Route.useSearch()
  return (
    <AuthCard
      title={<Trans>Welcome</Trans>}
      intro={
        <Trans>Sign in to run free guided trials, check vouchers and look up customers.</Trans>
      }
    >
      <LoginForm redirect={redirect} />
    </AuthCard>
  )
}
