import type { Page } from '@playwright/test'
import { test, expect, signIn, demo } from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'

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
  await expect(page).toHaveTitle('Podešavanja · Brand Expert')
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Podešavanja', level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'sr-Latn-RS')
})

test('the store screens, whose texts come with them, follow a change of language', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  // Signed in before the address is typed: a session not kept yet would send /vouchers to /login.
  await expect(page).not.toHaveURL(/\/login/)
  await page.goto('/vouchers')
  await expect(page.getByLabel('Voucher code')).toBeVisible()
  await page.getByRole('link', { name: /^Hello, / }).click()
  await page.getByRole('radio', { name: 'Srpski' }).check()
  await expect(page.getByRole('heading', { name: 'Podešavanja', level: 1 })).toBeVisible()
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Vaučeri', level: 1 })).toBeVisible()
  await expect(page.getByLabel('Kod vaučera')).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Kod vaučera')).toBeVisible()
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
  expect(html).toContain('<title>Dobrodošli · Brand Expert</title>')
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
  unlockAfterEachLoad(drawn)
  await drawn.goto('/login')
  expect(await looks(drawn)).toEqual(live)
  expect(stylesheets).toEqual([])
  await context.close()
})

test('the sign-in page does not move while it arrives: it is drawn once all of it is read', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000)
  // A phone-sized window on a slow device: the browser reads the page in slices, and the card,
  // centred on the page, moved up as the rest of the form came in, were each slice drawn.
  const context = await browser.newContext({ viewport: { width: 412, height: 823 }, baseURL })
  await context.route('**/assets/*.js', (route) => route.abort()) // the drawn page, not the app's
  await context.addInitScript(() => {
    const seen: number[] = []
    Object.assign(window, { layoutShifts: seen })
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) seen.push(entry.startTime)
    }).observe({ type: 'layout-shift', buffered: true })
  })
  const page = await context.newPage()
  unlockAfterEachLoad(page)
  const cdp = await context.newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 })
  // Drawing slices or not is a race: without the hold, two loads in three moved.
  for (let load = 0; load < 6; load++) {
    await page.goto('/login')
    await expect(page.locator('#root form button[type="submit"]')).toBeVisible()
    await page.evaluate(
      () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
    )
    expect(await page.evaluate((): unknown => Reflect.get(window, 'layoutShifts'))).toEqual([])
  }
  await context.close()
})
