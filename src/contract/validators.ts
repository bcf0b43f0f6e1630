import * as v from 'valibot'
import { messages } from './messages.ts'

/** A required text: trimmed, and not empty. */
export const requiredText = v.pipe(
  v.string(messages.required.id),
  v.trim(),
  v.nonEmpty(messages.required.id),
)

export const emailSchema = v.pipe(
  requiredText,
  v.maxLength(254, messages.email.id),
  v.email(messages.email.id),
)

/**
 * The restricted-email rule: the address's domain, or the whole address, is on the allowed list.
 */
export function isAllowedEmail(email: string, allowed: readonly string[]): boolean {
  const address = email.trim().toLowerCase()
  const domain = address.slice(address.lastIndexOf('@') + 1)
  return allowed.some((entry) => {
    const item = entry.trim().toLowerCase()
    return item === domain || item === address
  })
}

export function restrictedEmailSchema(allowed: readonly string[]) {
  return v.pipe(
    emailSchema,
    v.check((email) => isAllowedEmail(email, allowed), messages.restrictedEmail.id),
  )
}

export function parseDomainList(value: string): string[] {
  return value
    .split(',')
    .map((item) => item.trim().toLowerCase())
    .filter(Boolean)
}

/** Password rules, checked in this order; the first that fails is the message shown. */
export const passwordSchema = v.pipe(
  v.string(messages.required.id),
  v.nonEmpty(messages.required.id),
  v.minLength(8, messages.passwordMin.id),
  v.maxLength(128, messages.passwordMax.id),
  v.regex(/\p{Ll}/u, messages.passwordLower.id),
  v.regex(/\p{Lu}/u, messages.passwordUpper.id),
  v.regex(/\p{Nd}/u, messages.passwordDigit.id),
  v.regex(/[^\p{L}\p{Nd}]/u, messages.passwordSpecial.id),
)

type PasswordPair = { password: string; confirmPassword: string }

/** `confirmPassword` must equal `password`; the issue is reported on `confirmPassword`. */
export function passwordsMatch<T extends PasswordPair>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || dataset.value.password === dataset.value.confirmPassword) return
    const { value } = dataset
    addIssue({
      message: messages.confirmed.id,
      path: [
        {
          type: 'object',
          origin: 'value',
          input: value,
          key: 'confirmPassword',
          value: value.confirmPassword,
        },
      ],
    })
  })
}
