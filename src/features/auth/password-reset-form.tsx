import { useAction } from '../../api/use-action.ts'
import { useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { passwordResetBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { ApiError } from '../../api/api-error.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { resetPassword } from './auth-api.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import styles from './auth-form.module.css'

/** A new password, from a reset link (`POST /user/reset`). */
export function PasswordResetForm({ token, email }: { token: string; email: string }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm(passwordResetBodySchema, { email, password: '', confirmPassword: '', token })
  const reset = useAction({
    mutationFn: resetPassword,
    onSuccess: () => navigate({ to: '/login' }),
    onError: (error) => error instanceof ApiError && form.setServerErrors(error.invalidFields),
  })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => reset.mutate(body))}
    >
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="username"
        value={form.values.email}
        onChange={(event) => form.setValue('email', event.target.value)}
        onBlur={() => form.blur('email')}
        error={form.error('email')}
      />
      <NewPasswordFields
        values={form.values}
        onChange={(name, value) => form.setValue(name, value)}
        onBlur={form.blur}
        error={form.error}
      />
      {reset.error && (
        <p role="alert" className={styles.formError}>
          {reset.error.message}
        </p>
      )}
      <Button type="submit" loading={reset.isPending}>
        <Trans>Change the password</Trans>
      </Button>
    </form>
  )
}
