import { useAction } from '../../api/use-action.ts'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { passwordSetupBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { Button } from '../../ui/button.tsx'
import { setUpPassword } from './auth-api.ts'
import { FormError } from './form-error.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'
import styles from './auth-form.module.css'

/** The first password, from an invitation link (`POST /user/password`). */
export function PasswordSetupForm({ token }: { token: string }) {
  const navigate = useNavigate()
  const form = useForm(passwordSetupBodySchema, { password: '', confirmPassword: '', token })
  const setUp = useAction({
    mutationFn: setUpPassword,
    onSuccess: () => navigate({ to: '/login' }),
    onError: form.showServerErrors,
  })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => setUp.mutate(body))}
    >
      <NewPasswordFields form={form} />
      <FormError message={setUp.error?.message} />
      <Button type="submit" loading={setUp.isPending}>
        <Trans>Set the password</Trans>
      </Button>
    </form>
  )
}
