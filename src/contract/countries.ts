import type { Locale } from './locale.ts'

/** The countries the programme's stores are in. */
export const countries = ['RS', 'ME'] as const
export type Country = (typeof countries)[number]

/** Where a store is not known yet, the country of the language the app is read in. */
export const countryOfLocale: Record<Locale, Country> = { me: 'ME', sr: 'RS', en: 'RS' }
