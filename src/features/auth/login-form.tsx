import { useAction } from '../../api/use-action.ts'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { config } from '../../config.ts'
import { restrictedEmailSchema } from '../../contract/validators.ts'
import { loginBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { PasswordField, CheckboxField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { login } from './auth-api.ts'
import { safeRedirect } from '../../routing/safe-redirect.ts'
import { EmailField } from './email-field.tsx'
import { FormError } from './form-error.tsx'
import { OfflineNotice } from './offline-notice.tsx'
import styles from './auth-form.module.css'

const loginFormSchema = v.object({
  ...loginBodySchema.entries,
  email: restrictedEmailSchema(config.allowedEmailDomains),
})

export function LoginForm({ redirect }: { redirect: string | undefined }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const form = useForm(loginFormSchema, { email: '', password: '', remember_me: true })
  const signIn = useAction({
    mutationFn: login,
    meta: { silent: true },
    onSuccess: () => navigate({ to: safeRedirect(redirect) }),
    onError: (error) => console.warn('sign-in failed', error.message),
  })

  return (
    <form
      className={styles.form}
      noValidate
      onSubmit={form.handleSubmit((body) => signIn.mutate(body))}
    >
      <OfflineNotice />
      <EmailField {...form.textInput('email')} />
      <PasswordField
        label={t`Password`}
        autoComplete="current-password"
        {...form.textInput('password')}
      />
      <CheckboxField
        label={t`Remember me`}
        checked={form.values.remember_me ?? true}
        onCheckedChange={(checked) => form.setValue('remember_me', checked)}
      />
      <FormError message={signIn.error?.message} />
      <Button type="submit" loading={signIn.isPending}>
        <Trans>Sign in</Trans>
      </Button>
      <Link to="/forgot-password" className={styles.link}>
        <Trans>Forgot your password?</Trans>
      </Link>
    </form>
  )
}
