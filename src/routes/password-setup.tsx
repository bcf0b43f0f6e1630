import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LinkWithoutToken } from '../features/auth/link-without-token.tsx'
import { PasswordSetupForm } from '../features/auth/password-setup-form.tsx'

export const Route = createFileRoute('/password-setup')({
  validateSearch: v.object({ token: v.optional(v.string(), '') }),
  component: PasswordSetupPage,
})

function PasswordSetupPage() {
  const { t } = useLingui()
  const { token } = Route.useSearch()
  return (
    <AuthCard
      title={t`Set your password`}
      intro={<Trans>Choose the password you will sign in with.</Trans>}
    >
      {token === '' ? <LinkWithoutToken kind="setup" /> : <PasswordSetupForm token={token} />}
    </AuthCard>
  )
}
