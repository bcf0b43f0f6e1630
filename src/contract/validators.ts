import * as v from 'valibot'
import { messages } from './messages.ts'

/**
 * A character a reader can see: not white space, nor a format character (zero-width spaces and
 * joiners, U+FEFF, direction controls) nor another code point shown as nothing (fillers,
 * variation selectors).
 */
const visible = /[^\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}]/u

/**
 * A required text: trimmed, and not empty; a text made only of characters nobody sees (U+200B)
 * is empty too.
 */
export const requiredText = v.pipe(
  v.string(messages.required.id),
  v.trim(),
  v.nonEmpty(messages.required.id),
  v.regex(visible, messages.required.id),
)

/**
 * A name, an address or a code: a required text without direction controls (U+202A–U+202E,
 * U+2066–U+2069, the marks U+200E, U+200F and U+061C), which would show it in another order than
 * it is stored: a name that reads as another in a list, a code that looks like another.
 */
export const readableText = v.pipe(
  requiredText,
  v.regex(/^[^\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$/u, messages.bidiControl.id),
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
