import { i18n, type Messages } from '@lingui/core'
import {
  defaultLocale,
  intlTag,
  localeCookie,
  parseLocale,
  type Locale,
} from './contract/locale.ts'

const storageKey = 'locale'

const catalogs: Record<Locale, () => Promise<{ messages: Messages }>> = {
  me: () => import('./locales/me/messages.ts'),
  sr: () => import('./locales/sr/messages.ts'),
  en: () => import('./locales/en/messages.ts'),
}

/** The locale chosen on this device, or the default. */
export function storedLocale(): Locale {
  try {
    return parseLocale(localStorage.getItem(storageKey))
  } catch {
    return defaultLocale
  }
}

/**
 * Loads the locale's catalog, activates it, and remembers the choice on this device. Plurals and
 * numbers follow the locale's Intl tag: `me` is no language Intl knows, and would get English
 * plural rules ("2 proba čeka" instead of "2 probe čekaju").
 */
export async function activateLocale(locale: Locale): Promise<void> {
  const { messages } = await catalogs[locale]()
  i18n.loadAndActivate({ locale, locales: intlTag[locale], messages })
  document.documentElement.lang = intlTag[locale]
  localStorage.setItem(storageKey, locale)
  document.cookie = `${localeCookie}=${locale}; Path=/login; Max-Age=31536000; SameSite=Lax`
}

export function currentLocale(): Locale {
  return parseLocale(i18n.locale)
}
