import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { clearSession, getSession } from '../api/session.ts'
import { offlineDatabase } from '../offline/database.ts'
import { forgetDraftsOnLogout } from '../offline/outbox.ts'
import { wipePersistedQueries } from '../offline/query-persister.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Opening the sign-in page signs the current user out (spec section 2): session, look-ups and
  // the wizard draft go; unsent trials stay for their author's next sign-in.
  beforeLoad: async ({ preload, context }) => {
    if (preload) return
    const userId = getSession()?.user.id
    clearSession()
    context.queryClient.clear()
    wipePersistedQueries()
    if (userId !== undefined) await forgetDraftsOnLogout(offlineDatabase(), userId)
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
