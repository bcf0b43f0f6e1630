import * as v from 'valibot'

/** The app's locales; `me` is the default and the fallback. The key is also the `Language` header. */
export const locales = ['me', 'sr', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'me'
export const localeSchema = v.picklist(locales)

/**
 * The cookie the PWA keeps its locale in, sent only with `/login`: the server picks the sign-in
 * screen drawn at build time in that locale.
 */
export const localeCookie = 'locale'

export function parseLocale(value: string | null | undefined): Locale {
  return v.is(localeSchema, value) ? value : defaultLocale
}

/** The tag `Intl` formats numbers, dates and plurals with. */
export const intlTag: Record<Locale, string> = { me: 'sr-Latn-ME', sr: 'sr-Latn-RS', en: 'en' }
