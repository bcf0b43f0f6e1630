import type { Page } from '@playwright/test'
import { test, expect, signIn, demo, signInInAnyLanguage } from './fixtures.ts'
import { answerUpToFinish } from './trial-driver.ts'

/** Where the keyboard's focus is: after a move to another screen, a skip link, a saved trial. */

/** Whether the focus is in the screen's main landmark (on it, or on something inside it). */
function focusInMain(page: Page) {
  return page.evaluate(() => document.querySelector('main')?.contains(document.activeElement))
}

const skipTo = { me: 'Preskoči na sadržaj', en: 'Skip to content' } as const

for (const locale of ['me', 'en'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ appLocale: locale })

    test('Tab from the top of a screen reaches the skip link first; Enter takes the focus to the screen', async ({
      page,
    }) => {
      await signInInAnyLanguage(page, demo.manager.email)
      await page.goto('/customers')
      const skip = page.getByRole('link', { name: skipTo[locale] })
      // Out of sight until it has the focus.
      expect((await skip.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)

      await page.keyboard.press('Tab')
      await expect(skip).toBeFocused()
      await expect(skip).toBeInViewport({ ratio: 1 })
      const box = await skip.boundingBox()
      expect(box?.height).toBeGreaterThanOrEqual(44)

      await page.keyboard.press('Enter')
      await expect(page.getByRole('main')).toBeFocused()
      expect(new URL(page.url()).hash).toBe('') // no #main in the address, nor a step in the history
      // Tab goes on from the screen's content, not the header.
      await page.keyboard.press('Tab')
      expect(await focusInMain(page)).toBe(true)
    })
  })
}

test("after a move to another screen the focus is on the new screen's main", async ({ page }) => {
  const main = page.getByRole('main')
  await page.goto('/login')
  // The first screen: the browser's start, not the main.
  expect(await page.evaluate(() => document.activeElement === document.body)).toBe(true)
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  await expect(main).toBeFocused()

  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await expect(main).toBeFocused()
  // A link in the screen, which goes with it.
  await page.getByRole('link', { name: /^Consumers/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Consumers' })).toBeVisible()
  await expect(main).toBeFocused()
  // A link in the header, which stays.
  await page.getByRole('link', { name: /^Hello, / }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible()
  await expect(main).toBeFocused()
  // The header's back button, which goes with the screen that had it.
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Consumers' })).toBeVisible()
  await expect(main).toBeFocused()
})

test("a tab of a consumer's profile keeps the focus: it is still in the screen", async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/customers?query=Petrović')
  await page.getByRole('table', { name: 'Results' }).getByRole('link').first().click()
  await expect(page).toHaveURL(/\/overview$/)
  const loyalty = page
    .getByRole('navigation', { name: 'Consumer profile' })
    .getByRole('link', { name: 'Loyalty' })
  await loyalty.focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/loyalty$/)
  await expect(loyalty).toBeFocused()
})

test("after Finish the success page's heading has the focus", async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await answerUpToFinish(page, `Focus after Finish e2e ${Date.now()}`)
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/free-guided-trial-success\?trial=/)
  const heading = page.getByRole('heading', { level: 1, name: 'The trial is saved' })
  await expect(heading).toBeFocused()
  await expect(heading).toBeInViewport()
})
