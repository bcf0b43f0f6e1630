import { createFileRoute } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'

export const Route = createFileRoute('/forgot-password')({
  component: ForgotPasswordPage,
})

function ForgotPasswordPage() {
  const { t } = useLingui()
  return (
    <AuthCard
      title={t`Forgot your password?`}
      intro={<Trans>Enter your email and we will send you a link to choose a new password.</Trans>}
    >
      <ForgotPasswordForm />
    </AuthCard>
  )
}
