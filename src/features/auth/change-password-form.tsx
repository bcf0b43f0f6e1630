import { useAction } from '../../api/use-action.ts'
import { Trans, useLingui } from '@lingui/react/macro'
import { changePasswordBodySchema } from '../../contract/auth.ts'
import { ApiError } from '../../api/api-error.ts'
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
    onError: (error) => error instanceof ApiError && form.setServerErrors(error.invalidFields),
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
          value={form.values.currentPassword}
          onChange={(event) => form.setValue('currentPassword', event.target.value)}
          onBlur={() => form.blur('currentPassword')}
          error={form.error('currentPassword')}
        />
        <NewPasswordFields
          values={form.values}
          onChange={(name, value) => form.setValue(name, value)}
          onBlur={form.blur}
          error={form.error}
        />
        <Button type="submit" loading={change.isPending}>
          <Trans>Change password</Trans>
        </Button>
      </form>
    </section>
  )
}
