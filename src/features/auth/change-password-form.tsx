import { useAction } from '../../api/use-action.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { changePasswordBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { PasswordField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { changePassword } from './auth-api.ts'
import { NewPasswordFields } from './new-password-fields.tsx'
import styles from '../../ui/card.module.css'

const empty = { currentPassword: '', password: '', confirmPassword: '' }

export function ChangePasswordForm() {
  const { t } = useLingui()
  const form = useForm(changePasswordBodySchema, empty)
  const change = useAction({
    mutationFn: changePassword,
    onSuccess: () => form.reset(),
    onError: form.showServerErrors,
  })
  return (
    <section className={styles.card} aria-labelledby="password-heading">
      <h2 id="password-heading">
        <Trans>Change password</Trans>
      </h2>
      <form
        className={styles.form}
        noValidate
        onSubmit={form.handleSubmit((body) => change.mutate(body))}
      >
        <PasswordField
          label={t`Current password`}
          autoComplete="current-password"
          {...form.textInput('currentPassword')}
        />
        <NewPasswordFields form={form} />
        <Button type="submit" loading={change.isPending}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </section>
  )
}
