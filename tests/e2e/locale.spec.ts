import type { Page } from '@playwright/test'
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

test('the sign-in page arrives drawn in the language chosen on this device', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await page.getByRole('link', { name: /^Hello, / }).click()
  await page.getByRole('radio', { name: 'Srpski' }).check()
  await expect(page.getByRole('heading', { name: 'Podešavanja', level: 1 })).toBeVisible()
  // The page as the server sends it, before any script has run.
  const html = await (await page.request.get('/login', { headers: { Accept: 'text/html' } })).text()
  expect(html).toContain('<html lang="sr-Latn-RS">')
  expect(html).toContain('Dobrodošli')
  expect(html).toContain('inert')
  await page.getByRole('radio', { name: 'English' }).check()
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  const english = await (
    await page.request.get('/login', { headers: { Accept: 'text/html' } })
  ).text()
  expect(english).toContain('<html lang="en">')
  expect(english).toContain('Welcome')
})

test('the sign-in page is drawn as the app draws it before any script or stylesheet arrives', async ({
  browser,
  page,
}) => {
  /** How the sign-in button and the form's card look: colours, size and place. */
  const looks = (root: Page) =>
    root.locator('#root form button[type="submit"]').evaluate((button) => {
      const style = getComputedStyle(button)
      const box = button.getBoundingClientRect()
      return [style.backgroundColor, style.color, box.width, box.height, box.x, box.y]
    })
  await page.goto('/login')
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible()
  const live = await looks(page)

  const context = await browser.newContext({
    javaScriptEnabled: false,
    viewport: page.viewportSize(),
    baseURL: new URL(page.url()).origin,
  })
  const stylesheets: string[] = []
  await context.route('**/*.css', (route) => {
    stylesheets.push(route.request().url())
    return route.abort()
  })
  await context.addCookies([{ name: 'locale', value: 'en', url: new URL(page.url()).origin }])
  const drawn = await context.newPage()
  await drawn.goto('/login')
  expect(await looks(drawn)).toEqual(live)
  expect(stylesheets).toEqual([])
  await context.close()
})
