import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LinkWithoutToken } from '../features/auth/link-without-token.tsx'
import { PasswordSetupForm } from '../features/auth/password-setup-form.tsx'

export const Route = createFileRoute('/password-setup')({
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  component: PasswordSetupPage,
})

function PasswordSetupPage() {
  const { token } = Route.useSearch()
  return (
    <AuthCard
      title={<Trans>Set your password</Trans>}
      intro={<Trans>Choose the password you will sign in with.</Trans>}
    >
      {token === '' ? <LinkWithoutToken kind="setup" /> : <PasswordSetupForm token={token} />}
    </AuthCard>
  )
}
