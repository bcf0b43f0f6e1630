import { useAction } from '../../api/use-action.ts'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { forgotPasswordBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { Button } from '../../ui/button.tsx'
import { requestPasswordReset } from './auth-api.ts'
import { EmailField } from './email-field.tsx'
import { FormError } from './form-error.tsx'
import styles from './auth-form.module.css'

export function ForgotPasswordForm() {
  const form = useForm(forgotPasswordBodySchema, { email: '' })
  const request = useAction({ mutationFn: requestPasswordReset, meta: { silent: true } })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => request.mutate(body))}
    >
      <EmailField {...form.textInput('email')} />
      {request.data?.message && (
        <p role="status" className={styles.formSuccess}>
          {request.data.message}
        </p>
      )}
      <FormError message={request.error?.message} />
      <Button type="submit" loading={request.isPending}>
        <Trans>Send the reset link</Trans>
      </Button>
      <Link to="/login" className={styles.link}>
        <Trans>Back to sign in</Trans>
      </Link>
    </form>
  )
}
