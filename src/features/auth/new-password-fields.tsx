import { useLingui } from '@lingui/react/macro'
import { PasswordField } from '../../ui/field.tsx'
import type { TextInputProps } from '../../ui/use-form.ts'

/**
 * A new password and its confirmation, with the password rules (docs/behaviour.md#validation) as a
 * hint, bound to the `password` and `confirmPassword` fields of a form.
 */
export function NewPasswordFields({
  form,
}: {
  form: { textInput: (name: 'password' | 'confirmPassword') => TextInputProps }
}) {
  const { t } = useLingui()
  return (
    <>
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        hint={t`At least 8 characters, with a lowercase and an uppercase letter, a digit and a special character.`}
        {...form.textInput('password')}
      />
      <PasswordField
        label={t`Confirm the new password`}
        autoComplete="new-password"
        {...form.textInput('confirmPassword')}
      />
    </>
  )
}
