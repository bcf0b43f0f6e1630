import * as v from 'valibot'
import { messages } from './messages.ts'
import { locales, type Locale } from './locale.ts'
import type { Country } from './stores.ts'

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

/**
 * The phone rules of the validation rules (docs/decisions/0001-phone-rules.md), named by the
 * locale that states them, each with or without the country prefix.
 */
export const phonePatterns: Record<Locale, readonly RegExp[]> = {
  sr: [/^\+3816\d{7,9}$/, /^06\d{6,8}$/],
  me: [/^\+3826\d{7,9}$/, /^06\d{6,8}$/],
  en: [/^\+\d{9,10}$/],
}

/** The message that states a rule; the language it is shown in is the reader's. */
export const phoneMessage: Record<Locale, string> = {
  sr: messages.phoneSr.id,
  me: messages.phoneMe.id,
  en: messages.phoneEn.id,
}

export function normalizePhone(phone: string): string {
  return phone.trim().replace(/[\s\-/()]/g, '')
}

/** Whether `phone` passes the rule of `locale`. */
export function matchesPhoneRule(phone: string, locale: Locale): boolean {
  const value = normalizePhone(phone)
  return phonePatterns[locale].some((pattern) => pattern.test(value))
}

/**
 * A person's phone is valid when it passes the sr, the me or the en rule, whatever language the
 * reader works in: a Serbian number is as valid in an admin's Montenegrin screen as in a Serbian one.
 */
export function isValidPhone(phone: string): boolean {
  return locales.some((locale) => matchesPhoneRule(phone, locale))
}

/** A person's phone (users); the message is the rule of the reader's language. */
export function phoneSchema(locale: Locale) {
  return v.pipe(
    requiredText,
    v.transform(normalizePhone),
    v.check(isValidPhone, phoneMessage[locale]),
  )
}

/** A country's numbers: the rule that states them and their calling code. */
export const countryPhone: Record<Country, { rule: Locale; prefix: string }> = {
  RS: { rule: 'sr', prefix: '+381' },
  ME: { rule: 'me', prefix: '+382' },
}

/**
 * A phone typed for a store in `country`, as the full international number, or null when it does
 * not pass the country's rule. The rule's national form (`06…`) loses its 0 for the calling code;
 * a number typed after the field's shown code (`64 123 4567`) gets the code in front.
 */
export function phoneInCountry(phone: string, country: Country): string | null {
  const { rule, prefix } = countryPhone[country]
  const typed = normalizePhone(phone)
  if (matchesPhoneRule(typed, rule)) {
    return typed.startsWith('+') ? typed : `${prefix}${typed.slice(1)}`
  }
  const full = `${prefix}${typed}`
  return /^\d/.test(typed) && !typed.startsWith('0') && matchesPhoneRule(full, rule) ? full : null
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
