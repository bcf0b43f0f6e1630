import { useAction } from '../../api/use-action.ts'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { passwordResetBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { Button } from '../../ui/button.tsx'
import { resetPassword } from './auth-api.ts'
import { EmailField } from './email-field.tsx'
import { FormError } from './form-error.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import styles from './auth-form.module.css'

/** A new password, from a reset link (`POST /user/reset`). */
export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const navigate = useNavigate()
  const form = useForm(passwordResetBodySchema, { email, password: '', confirmPassword: '', token })
  const reset = useAction({
    mutationFn: resetPassword,
    onSuccess: () => navigate({ to: '/login' }),
    onError: form.showServerErrors,
  })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => reset.mutate(body))}
    >
      <EmailField {...form.textInput('email')} />
      <NewPasswordFields form={form} />
      <FormError message={reset.error?.message} />
      <Button type="submit" loading={reset.isPending}>
        <Trans>Change the password</Trans>
      </Button>
    </form>
  )
}
