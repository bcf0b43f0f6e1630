import * as v from 'valibot'
import type { Country } from './countries.ts'
import { locales, type Locale } from './locale.ts'
import { messages } from './messages.ts'
import { requiredText } from './validators.ts'

/**
 * A country's mobile numbers: the one source of the phone fields' calling code, hint and rule
 * (docs/decisions/0001-phone-rules.md).
 */
export interface CountryPhone {
  /** The locale whose rule states the country's numbers (and whose message words its error). */
  rule: Locale
  /** The calling code, which the international form has instead of the national form's 0. */
  prefix: string
  /** How many digits the national form (`06…`) has. */
  nationalDigits: { min: number; max: number }
  /** A number as people write it, in the national form. */
  example: string
}

export const countryPhone: Record<Country, CountryPhone> = {
  RS: { rule: 'sr', prefix: '+381', nationalDigits: { min: 8, max: 10 }, example: '064 123 4567' },
  ME: { rule: 'me', prefix: '+382', nationalDigits: { min: 8, max: 10 }, example: '067 123 456' },
}

/**
 * A country's rule: `06` and the rest, or the calling code, `6` and the rest with one digit more
 * (the validation rules' own counts: `06` then 6-8 digits, `+3816` then 7-9).
 */
function countryPatterns({ prefix, nationalDigits: { min, max } }: CountryPhone): RegExp[] {
  return [
    new RegExp(`^\\${prefix}6\\d{${min - 1},${max - 1}}$`),
    new RegExp(`^06\\d{${min - 2},${max - 2}}$`),
  ]
}

/**
 * The phone rules of the validation rules (docs/decisions/0001-phone-rules.md), named by the
 * locale that states them, each with or without the country prefix.
 */
export const phonePatterns: Record<Locale, readonly RegExp[]> = {
  sr: countryPatterns(countryPhone.RS),
  me: countryPatterns(countryPhone.ME),
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

/**
 * Whether what is typed goes after the field's calling code (`64 123 4567`), or nothing is typed
 * yet: the field then shows the code in front of it. A whole number (`06…`, `+…`) is shown alone,
 * as typed.
 */
export function typedAfterPrefix(phone: string): boolean {
  const typed = normalizePhone(phone)
  return typed === '' || /^[1-9]/.test(typed)
}
