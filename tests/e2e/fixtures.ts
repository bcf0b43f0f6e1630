import {
  test as base,
  expect,
  type APIRequestContext,
  type Browser,
  type Locator,
  type Page,
} from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import * as v from 'valibot'
import { editionSchema, type Edition } from '../../src/contract/content-edition.ts'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { demo, demoPassword } from '../support/accounts.ts'
import { apiPath, appHeaders } from '../support/api.ts'
import { trialBody } from '../support/trial-body.ts'
import { isKept, keepLookupsNow, keptLookupsInPage } from '../support/kept-lookups.ts'
import { signInThroughForm, unlockAfterEachLoad, unlockWithDemoPin } from '../support/sign-in.ts'

export { demo, demoPassword }

/** The copy of the build the e2e server serves (playwright.config.ts). */
export const servedBuild = process.env.E2E_DIST_DIR ?? '.data/e2e-4173/dist'

/**
 * Every test starts in English unless it says otherwise (`test.use({ appLocale: 'me' })`), and
 * its page unlocks with the demo PIN after each `goto` and `reload`, unless it tests the lock
 * itself (`test.use({ unlockOnLoad: false })`).
 */
export const test = base.extend<{ appLocale: 'me' | 'sr' | 'en' | null; unlockOnLoad: boolean }>({
  appLocale: ['en', { option: true }],
  unlockOnLoad: [true, { option: true }],
  page: async ({ page, appLocale, unlockOnLoad }, use) => {
    if (appLocale) {
      await page.addInitScript((locale) => {
        if (!localStorage.getItem('locale')) localStorage.setItem('locale', locale)
      }, appLocale)
    }
    if (unlockOnLoad) unlockAfterEachLoad(page)
    await use(page)
  },
})

export { expect }

/** The admin in a browser of their own, in English: a tablet's page keeps its session and outbox. */
export async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext(baseURL ? { baseURL } : {})
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  const page = await context.newPage()
  unlockAfterEachLoad(page)
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  return page
}

/**
 * Signs in at /login (choosing the demo PIN on a device new to the user); resolves once the app is
 * open, or the form has refused the password.
 */
export async function signIn(page: Page, email: string, password = demoPassword) {
  await signInThroughForm(page, email, { password })
}

/** Signs in through the form in whatever language it speaks (the fields by their autocomplete). */
export async function signInInAnyLanguage(page: Page, email: string) {
  await signInThroughForm(page, email)
  await expect(page).not.toHaveURL(/\/login/)
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}

/** Signs in through the API; the answer holds the token and the user's fields. */
export async function apiLogin(request: APIRequestContext, email: string) {
  const response = await request.post(`${apiPath}/user/login`, {
    headers: appHeaders,
    data: { email, password: demoPassword },
  })
  expect(response.status()).toBe(200)
  const { data } = (await response.json()) as {
    data: { id: number; token: string; expertStore: { id: number; name: string } | null }
  }
  return data
}

export async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const response = await request.get(`${apiPath}/${path}`, {
    headers: { ...appHeaders, Authorization: `Bearer ${token}` },
    params,
  })
  expect(response.status(), path).toBe(200)
  return ((await response.json()) as { data: T }).data
}

/** `POST /api/v1/<path>` as the PWA sends it; the call must succeed. */
export async function apiPost(
  request: APIRequestContext,
  token: string,
  path: string,
  data: object,
  headers: Record<string, string> = {},
) {
  const response = await request.post(`${apiPath}/${path}`, {
    headers: { ...appHeaders, Authorization: `Bearer ${token}`, ...headers },
    data,
  })
  expect(response.ok(), `${path}: ${await response.text()}`).toBe(true)
  return response
}

/** A simple trial (its text) at store 1, sent as the PWA sends it; answers the stored trial's id. */
export async function apiPostTrial(request: APIRequestContext, token: string, comment: string) {
  const created = await apiPost(request, token, 'free-guided/form', trialBody(1, comment), {
    [idempotencyHeader]: crypto.randomUUID(),
  })
  expect(created.status()).toBe(201)
  return ((await created.json()) as { data: { id: number } }).data.id
}

/** Waits until the service worker controls the page (the shell is precached). */
export async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
}

/**
 * Presses the update button (twice when asked, as an impatient user does) and waits until the
 * version it accepted controls a new page: no worker waits any more, one controls, and the page
 * is not the one pressed (the reload can come a moment after the new worker took over, so a look
 * at the old page in between must not count). Then its user enters the PIN.
 */
export async function acceptUpdate(page: Page, button: Locator, { twice = false } = {}) {
  await page.evaluate(() => sessionStorage.setItem('before-update', String(performance.timeOrigin)))
  await (twice ? button.dblclick() : button.click())
  await expect
    .poll(
      () =>
        page
          .evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return (
              sessionStorage.getItem('before-update') !== String(performance.timeOrigin) &&
              registration?.waiting == null &&
              navigator.serviceWorker.controller !== null
            )
          })
          .catch(() => false),
      { timeout: 30_000 },
    )
    .toBe(true)
  await page.waitForLoadState()
  await unlockWithDemoPin(page)
}

/**
 * Waits until the look-up with this query key is kept on the device, as a test must before it
 * goes offline: the app is asked to write at once instead of about a second after the change.
 */
export async function keptOnDevice(page: Page, queryKey: readonly unknown[]) {
  const since = await page.evaluate(keepLookupsNow)
  await expect
    .poll(async () => isKept(await page.evaluate(keptLookupsInPage), queryKey, since), {
      timeout: 20_000,
    })
    .toBe(true)
}

/**
 * From the customer search (the page is on it), opens the first customer named Petrović and waits
 * until they are kept on the device. Answers their name, id and the address of their overview.
 */
export async function openKeptCustomer(page: Page) {
  await page.getByLabel('Email, phone, referral code or name').fill('Petrović')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  const first = page.getByRole('table', { name: 'Results' }).getByRole('link').first()
  const name = (await first.innerText()).trim()
  await first.click()
  await expect(page).toHaveURL(/\/customers\/\d+\/overview/)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
  const url = page.url()
  const id = Number(/\/customers\/(\d+)/.exec(url)?.[1])
  await keptOnDevice(page, ['customers', 'detail', id])
  return { name, id, url }
}

/**
 * Everything the app keeps in the browser, as text: localStorage, sessionStorage and every record
 * of its IndexedDB database, with binary values (ciphertext) read as Latin-1 text too, so that a
 * word in the clear anywhere shows.
 */
export function deviceStorageAsText(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const asText = (value: unknown): unknown => {
          if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) {
            const bytes =
              value instanceof ArrayBuffer
                ? new Uint8Array(value)
                : new Uint8Array(value.buffer, value.byteOffset, value.byteLength)
            return String.fromCharCode(...bytes)
          }
          if (Array.isArray(value)) return value.map(asText)
          if (typeof value === 'object' && value !== null) {
            return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, asText(v)]))
          }
          return value
        }
        const entries = (storage: Storage) =>
          Array.from({ length: storage.length }, (_, index) => {
            const key = storage.key(index) ?? ''
            return [key, storage.getItem(key)]
          })
        const storages = JSON.stringify([entries(localStorage), entries(sessionStorage)])
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error('the database did not open'))
        opening.onsuccess = () => {
          const db = opening.result
          const names = [...db.objectStoreNames]
          if (names.length === 0) {
            db.close()
            resolve(storages)
            return
          }
          const transaction = db.transaction(names)
          const records: Record<string, unknown> = {}
          for (const name of names) {
            const all = transaction.objectStore(name).getAll()
            all.onsuccess = () => {
              records[name] = asText(all.result)
            }
          }
          transaction.oncomplete = () => {
            db.close()
            resolve(storages + JSON.stringify(records))
          }
        }
      }),
  )
}

/** The device's own id, as the PWA keeps it in IndexedDB. */
export function deviceIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error('no database'))
        opening.onsuccess = () => {
          const read = opening.result.transaction('device').objectStore('device').get('id')
          read.onsuccess = () => {
            const row: unknown = read.result
            if (typeof row === 'object' && row !== null && 'value' in row) {
              resolve(String(row.value))
            } else reject(new Error('no device id'))
          }
        }
      }),
  )
}

/**
 * Publishes, as the demo admin, a new content edition made from the one in use with what `change`
 * answers in place of its lists, consents or auto-tick; answers it.
 */
export async function publishEdition(
  request: APIRequestContext,
  change: (draft: Edition) => Partial<Pick<Edition, 'lists' | 'consents' | 'consentAutoTick'>>,
): Promise<Edition> {
  const admin = await apiLogin(request, demo.admin.email)
  const edition = async (path: string, body: object) =>
    v.parse(
      v.object({ data: editionSchema }),
      await (
        await apiPost(request, admin.token, path, body, {
          [idempotencyHeader]: crypto.randomUUID(),
        })
      ).json(),
    ).data
  const draft = await edition('content/create', {})
  const { id, lists, consents, consentAutoTick } = draft
  await edition('content/update', { id, lists, consents, consentAutoTick, ...change(draft) })
  return edition('content/publish', { id })
}
