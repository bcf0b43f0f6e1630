import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { clearSession } from '../api/session.ts'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LoginForm } from '../features/auth/login-form.tsx'

export const Route = createFileRoute('/login')({
  validateSearch: v.object({ redirect: v.optional(v.string()) }),
  // Opening the sign-in page signs the current user out (spec section 2).
  beforeLoad: ({ preload, context }) => {
    if (preload) return
    clearSession()
    context.queryClient.clear()
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
