import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

export const demoPassword = 'Demo!2345'

export const demo = {
  super: { email: 'super@example.com', name: 'Sanja Petrović' },
  admin: { email: 'admin@example.com', name: 'Aleksandar Jovanović' },
  manager: { email: 'manager@example.rs' },
  managerMe: { email: 'manager.me@example.me' },
  newManager: { email: 'newmanager@example.rs' },
  agent: { email: 'agent@example.rs' },
} as const

/** Every test starts in English unless it says otherwise (`test.use({ appLocale: 'me' })`). */
export const test = base.extend<{ appLocale: 'me' | 'sr' | 'en' | null }>({
  appLocale: ['en', { option: true }],
  page: async ({ page, appLocale }, use) => {
    if (appLocale) {
      await page.addInitScript((locale) => {
        if (!localStorage.getItem('locale')) localStorage.setItem('locale', locale)
      }, appLocale)
    }
    await use(page)
  },
})

export { expect }

export async function signIn(page: Page, email: string, password = demoPassword) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/** No serious or critical axe-core violation on the page as it is now. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  )
  expect(serious.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([])
}

const api = '/api/v1'
const appHeaders = { 'X-APP': 'brand-expert-pwa' }

/** Signs in through the API; the answer holds the token and the user's fields. */
export async function apiLogin(request: APIRequestContext, email: string) {
  const response = await request.post(`${api}/user/login`, {
    headers: appHeaders,
    data: { email, password: demoPassword },
  })
  expect(response.status()).toBe(200)
  const { data } = (await response.json()) as {
    data: { token: string; expertStore: { id: number; name: string } | null }
  }
  return data
}

export async function apiGet<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  params: Record<string, string> = {},
): Promise<T> {
  const response = await request.get(`${api}/${path}`, {
    headers: { ...appHeaders, Authorization: `Bearer ${token}` },
    params,
  })
  expect(response.status(), path).toBe(200)
  return ((await response.json()) as { data: T }).data
}
