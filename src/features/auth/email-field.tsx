import { useLingui } from '@lingui/react/macro'
import { TextField } from '../../ui/field.tsx'
import type { TextInputProps } from '../../ui/use-form.ts'

/** The account's email, as the sign-in and the password reset ask for it. */
export function EmailField(props: TextInputProps) {
  const { t } = useLingui()
  return (
    <TextField label={t`Email`} type="email" autoComplete="username" inputMode="email" {...props} />
  )
}
