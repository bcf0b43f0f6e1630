import { useAction } from '../../api/use-action.ts'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { forgotPasswordBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { requestPasswordReset } from './auth-api.ts'
import styles from './auth-form.module.css'

export function ForgotPasswordForm() {
  const { t } = useLingui()
  const form = useForm(forgotPasswordBodySchema, { email: '' })
  const request = useAction({ mutationFn: requestPasswordReset, meta: { silent: true } })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => request.mutate(body))}
    >
      <TextField
        label={t`Email`}
        type="email"
        autoComplete="username"
        inputMode="email"
        value={form.values.email}
        onChange={(event) => form.setValue('email', event.target.value)}
        onBlur={() => form.blur('email')}
        error={form.error('email')}
      />
      {request.data?.message && (
        <p role="status" className={styles.formSuccess}>
          {request.data.message}
        </p>
      )}
      {request.error && (
        <p role="alert" className={styles.formError}>
          {request.error.message}
        </p>
      )}
      <Button type="submit" loading={request.isPending}>
        <Trans>Send the reset link</Trans>
      </Button>
      <Link to="/login" className={styles.link}>
        <Trans>Back to sign in</Trans>
      </Link>
    </form>
  )
}
