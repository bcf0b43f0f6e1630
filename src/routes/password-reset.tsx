import { createFileRoute } from '@tanstack/react-router'
import { useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { LinkWithoutToken } from '../features/auth/link-without-token.tsx'
import { PasswordResetForm } from '../features/auth/password-reset-form.tsx'

export const Route = createFileRoute('/password-reset')({
  validateSearch: v.object({
    token: v.optional(v.string(), ''),
    email: v.optional(v.string(), ''),
  }),
  component: PasswordResetPage,
})

function PasswordResetPage() {
  const { t } = useLingui()
  const { token, email } = Route.useSearch()
  return (
    <AuthCard title={t`Choose a new password`}>
      {token === '' ? (
        <LinkWithoutToken kind="reset" />
      ) : (
        <PasswordResetForm token={token} email={email} />
      )}
    </AuthCard>
  )
}
