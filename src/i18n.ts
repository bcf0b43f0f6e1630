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

/**
 * The messages of the screens behind sign-in (lingui.config.ts), but for the administration's and
 * the store's customers and vouchers screens, and for those of `publicPart`, loaded beside it: a
 * brand expert's app needs no more.
 */
const app: Catalog = {
  me: () => import('./locales/me/app.ts'),
  sr: () => import('./locales/sr/app.ts'),
  en: () => import('./locales/en/app.ts'),
}

/** The administration's and the store screens' messages, loaded beside `app` by their routes. */
const manage: Catalog = {
  me: () => import('./locales/me/manage.ts'),
  sr: () => import('./locales/sr/manage.ts'),
  en: () => import('./locales/en/manage.ts'),
}

/** The messages of the pages before sign-in (lingui.config.ts): a fifth of the whole. */
const publicPart: Catalog = {
  me: () => import('./locales/me/public.ts'),
  sr: () => import('./locales/sr/public.ts'),
  en: () => import('./locales/en/public.ts'),
}

/** Whether the app's catalog is active (someone signed in has opened the app). */
let wholeActive = false
/** Whether the administration's and the store screens' messages are loaded too. */
let manageActive = false

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
  const withManage = everything && manageActive
  // `app` leaves out the messages `public` holds (scripts/build/public-catalog.ts).
  const parts = await Promise.all([
    publicPart[locale](),
    everything ? app[locale]() : undefined,
    withManage ? manage[locale]() : undefined,
  ])
  const messages: Messages = {}
  for (const part of parts) if (part) Object.assign(messages, part.messages)
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

/**
 * The administration's and the store's customers and vouchers screens: their messages, before the
 * first of them is drawn (the routes' `beforeLoad`). Kept for the rest of the visit, and through a
 * change of language.
 */
export async function activateManageCatalog(): Promise<void> {
  if (manageActive && wholeActive) return
  manageActive = true
  await activateLocale(currentLocale(), true)
}

export function currentLocale(): Locale {
  return parseLocale(i18n.locale)
}
