import { useAction } from '../../api/use-action.ts'
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as v from 'valibot'
import { config } from '../../config.ts'
import { restrictedEmailSchema } from '../../contract/validators.ts'
import { loginBodySchema } from '../../contract/auth.ts'
import { useForm } from '../../ui/use-form.ts'
import { TextField, PasswordField, CheckboxField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import { login } from './auth-api.ts'
import { safeRedirect } from '../../routing/safe-redirect.ts'
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
      <PasswordField
        label={t`Password`}
        autoComplete="current-password"
        value={form.values.password}
        onChange={(event) => form.setValue('password', event.target.value)}
        onBlur={() => form.blur('password')}
        error={form.error('password')}
      />
      <CheckboxField
        label={t`Remember me`}
        checked={form.values.remember_me ?? true}
        onCheckedChange={(checked) => form.setValue('remember_me', checked)}
      />
      {signIn.error && (
        <p role="alert" className={styles.formError}>
          {signIn.error.message}
        </p>
      )}
      <Button type="submit" loading={signIn.isPending}>
        <Trans>Sign in</Trans>
      </Button>
      <Link to="/forgot-password" className={styles.link}>
        <Trans>Forgot your password?</Trans>
      </Link>
    </form>
  )
}
