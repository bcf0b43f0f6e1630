import { setupI18n, type I18n } from '@lingui/core'
import { intlTag, type Locale } from '#contract/locale.ts'
import { messages as me } from '../src/locales/me/messages.ts'
import { messages as sr } from '../src/locales/sr/messages.ts'
import { messages as en } from '../src/locales/en/messages.ts'

/**
 * One Lingui instance per locale, loaded with the same compiled catalogs as the PWA; plurals and
 * numbers follow the locale's Intl tag (`me` is no language Intl knows: `sr-Latn-ME`).
 */
const instances: Record<Locale, I18n> = {
  me: setupI18n({ locale: 'me', locales: intlTag.me, messages: { me } }),
  sr: setupI18n({ locale: 'sr', locales: intlTag.sr, messages: { sr } }),
  en: setupI18n({ locale: 'en', locales: intlTag.en, messages: { en } }),
}

/** The text of a message id in a locale; an unknown id is returned as it is. */
export function translate(locale: Locale, id: string, values?: Record<string, unknown>): string {
  return instances[locale]._(id, values)
}
