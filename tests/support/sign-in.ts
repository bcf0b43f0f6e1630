import type { Page } from '@playwright/test'
import { demoPassword } from './accounts.ts'

/**
 * Signing in through the app's own screens, as every browser suite does it (e2e, bench, soak):
 * the form in whatever language it speaks, the first PIN on a device, and the PIN again after each
 * full page load (docs/security.md#the-idle-lock). Fields by their names and autocomplete, which
 * do not change with the language.
 */

/** The PIN every demo user chooses on a test's device. */
export const demoPin = '246810'

/**
 * Fills and sends the sign-in form at `/login`, then, when the device asks for a first PIN,
 * chooses `demoPin`. Resolves once the app is open, or the form shows an error (a wrong password).
 */
export async function signInThroughForm(
  page: Page,
  email: string,
  { password = demoPassword, baseUrl = '' }: { password?: string; baseUrl?: string } = {},
): Promise<void> {
  await page.goto(`${baseUrl}/login`)
  await page.locator('input[autocomplete="username"]').fill(email)
  await page.locator('input[autocomplete="current-password"]').fill(password)
  await page.locator('form button[type="submit"]').click()
  await finishSignIn(page)
}

/**
 * After the sign-in form was sent: chooses `demoPin` when the device asks for a first PIN.
 * Resolves once the app is open, or the form shows an error (a wrong password).
 */
export async function finishSignIn(page: Page): Promise<void> {
  const outcome = await page.waitForFunction(
    () => {
      if (document.querySelector('form[name="choose-pin"]')) return 'choose-pin'
      if (location.pathname !== '/login' && document.querySelector('header')) return 'open'
      if (document.querySelector('form [role="alert"]')) return 'refused'
      return false
    },
    undefined,
    { timeout: 30_000 },
  )
  if ((await outcome.jsonValue()) !== 'choose-pin') return
  await page.locator('form[name="choose-pin"] input[name="pin"]').fill(demoPin)
  await page.locator('form[name="choose-pin"] input[name="pin-again"]').fill(demoPin)
  await page.locator('form[name="choose-pin"] button[type="submit"]').click()
  await page.locator('header').first().waitFor({ timeout: 30_000 })
}

/** Whether the page holds a signed-in session (which a full page load locks). */
function signedInOnPage(page: Page): Promise<boolean> {
  return page
    .evaluate(() => (localStorage.getItem('session') ?? sessionStorage.getItem('session')) !== null)
    .catch(() => false)
}

/**
 * After a full page load with someone signed in: enters `demoPin` on the lock screen and waits for
 * the app. Nothing when nobody is signed in.
 */
export async function unlockWithDemoPin(page: Page): Promise<void> {
  if (!(await signedInOnPage(page))) return
  // The app open (its header), the sign-in form, or the lock screen: whichever comes.
  const state = await page.waitForFunction(
    () => {
      if (document.querySelector('form[name="unlock"] input[name="pin"]')) return 'locked'
      if (document.querySelector('header, input[autocomplete="username"]')) return 'open'
      return false
    },
    undefined,
    { timeout: 30_000 },
  )
  if ((await state.jsonValue()) !== 'locked') return
  await page.locator('form[name="unlock"] input[name="pin"]').fill(demoPin)
  await page.locator('form[name="unlock"] button[type="submit"]').click()
  // Open; or on the sign-in page (where the user steps away), or sent there (the session ended).
  await page.waitForFunction(
    () =>
      document.querySelector('header, input[autocomplete="username"]') !== null &&
      document.querySelector('form[name="unlock"]') === null,
    undefined,
    { timeout: 30_000 },
  )
}

/**
 * Makes every `goto` and `reload` of `page` unlock the app it loads, as its user would after each
 * reload; a test of the lock itself leaves its page as it is.
 */
export function unlockAfterEachLoad(page: Page): void {
  const goto = page.goto.bind(page)
  const reload = page.reload.bind(page)
  page.goto = async (url, options) => {
    const response = await goto(url, options)
    await unlockWithDemoPin(page)
    return response
  }
  page.reload = async (options) => {
    const response = await reload(options)
    await unlockWithDemoPin(page)
    return response
  }
}
