import { useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'

type Props = {
  values: { password: string; confirmPassword: string }
  onChange: (name: 'password' | 'confirmPassword', value: string) => void
  onBlur: (name: 'password' | 'confirmPassword') => void
  error: (name: string) => string | undefined
}

/**
 * A new password and its confirmation, with the password rules (docs/behaviour.md#validation) as a
 * hint.
 */
export function NewPasswordFields({ values, onChange, onBlur, error }: Props) {
  const { t } = useLingui()
  return (
    <>
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        hint={t`At least 8 characters, with a lowercase and an uppercase letter, a digit and a special character.`}
        value={values.password}
        onChange={(event) => onChange('password', event.target.value)}
        onBlur={() => onBlur('password')}
        error={error('password')}
      />
      <PasswordField
        label={t`Confirm the new password`}
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(event) => onChange('confirmPassword', event.target.value)}
        onBlur={() => onBlur('confirmPassword')}
        error={error('confirmPassword')}
      />
    </>
  )
}
