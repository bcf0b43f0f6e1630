import * as v from 'valibot'
import type { Country } from './countries.ts'
import { locales, type Locale } from './locale.ts'
import { messages } from './messages.ts'
import { requiredText } from './validators.ts'

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
