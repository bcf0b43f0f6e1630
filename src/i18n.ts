import { i18n, type Messages } from '@lingui/core'
import {
  defaultLocale,
  intlTag,
  localeCookie,
  parseLocale,
  type Locale,
} from './contract/locale.ts'

const storageKey = 'locale'

type Catalog = Record<Locale, () => Promise<{ messages: Messages }>>

/** Every message of the app, for the screens behind sign-in. */
const whole: Catalog = {
  me: () => import('./locales/me/messages.ts'),
  sr: () => import('./locales/sr/messages.ts'),
  en: () => import('./locales/en/messages.ts'),
}

/** The messages of the pages before sign-in (lingui.config.ts): a fifth of the whole. */
const publicPart: Catalog = {
  me: () => import('./locales/me/public.ts'),
  sr: () => import('./locales/sr/public.ts'),
  en: () => import('./locales/en/public.ts'),
}

/** Whether the whole catalog is active (someone signed in has opened the app). */
let wholeActive = false

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
export async function activateLocale(locale: Locale, everything = wholeActive): Promise<void> {
  const { messages } = await (everything ? whole : publicPart)[locale]()
  wholeActive = everything
  i18n.loadAndActivate({ locale, locales: intlTag[locale], messages })
  document.documentElement.lang = intlTag[locale]
  localStorage.setItem(storageKey, locale)
  document.cookie = `${localeCookie}=${locale}; Path=/login; Max-Age=31536000; SameSite=Lax`
}

/** The app's screens need every message: loaded before the first of them is drawn. */
export async function activateWholeCatalog(): Promise<void> {
  if (!wholeActive) await activateLocale(currentLocale(), true)
}

export function currentLocale(): Locale {
  return parseLocale(i18n.locale)
}
