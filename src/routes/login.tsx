import { createFileRoute, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'
import { LazyPeopleList } from '../features/auth/lazy-people-list.tsx'
import { openAs, stepAway } from '../features/auth/sign-out.ts'
import { safeRedirect } from '../routing/safe-redirect.ts'

export const Route = createFileRoute('/login')({
  // The first screen of most visits: it comes with the entry, not one round trip later.
  codeSplitGroupings: [],
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Opening the sign-in page ends the current user's session on the screen
  // (docs/behaviour.md#screens-and-routes): they step away, locked, and what the tablet keeps for
  // them stays for their PIN (docs/decisions/0030-people-on-a-shared-tablet.md).
  beforeLoad: async ({ preload, context }) => {
    if (!preload) await stepAway(context.queryClient)
  },
  component: LoginPage,
})

function LoginPage() {
  const { t } = useLingui()
  const { redirect } = Route.useSearch()
  const navigate = useNavigate()
  return (
    <AuthCard
      title={t`Welcome`}
      intro={
        <Trans>Sign in to run free guided trials, check vouchers and look up customers.</Trans>
      }
    >
      <LazyPeopleList
        onChoose={(person) => {
          openAs(person)
          void navigate({ to: safeRedirect(redirect) })
        }}
      />
      <LoginForm redirect={redirect} />
    </AuthCard>
  )
}
