import { test, expect, signIn, demo } from './fixtures.ts'

test.describe('with no language chosen', () => {
  test.use({ appLocale: null })

  test('the app speaks Montenegrin by default', async ({ page }) => {
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Dobrodošli' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Prijavi se' })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn-ME')
  })
})

test('switching the language in settings changes the texts and is kept after a reload', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await page.getByRole('link', { name: /^Hello, / }).click()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await page.getByRole('radio', { name: 'Srpski' }).check()
  await expect(page.getByRole('heading', { name: 'Podešavanja', level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Podešavanja', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn-RS')
})
