import { test as base, expect, type Page } from '@playwright/test'
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
