import { createFileRoute } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { AuthCard } from '../features/auth/auth-card.tsx'
import { ForgotPasswordForm } from '../features/auth/forgot-password-form.tsx'

export const Route = createFileRoute('/forgot-password')({
  component: () => (
    <AuthCard
      title={<Trans>Forgot your password?</Trans>}
      intro={<Trans>Enter your email and we will send you a link to choose a new password.</Trans>}
    >
      <ForgotPasswordForm />
    </AuthCard>
  ),
})
