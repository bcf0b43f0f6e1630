import type { APIRequestContext, Page } from '@playwright/test'
import { defaultLocale, locales } from '../../src/contract/locale.ts'
import {
  test,
  expect,
  demo,
  expectAccessible,
  apiLogin,
  apiGet,
  apiPostTrial,
  signInInAnyLanguage,
} from './fixtures.ts'

/**
 * docs/quality.md: no serious or critical axe-core violation on any screen, in each locale. Every
 * screen a role reaches is opened as that role and checked once it has its heading. The sign-in
 * screens are checked in each locale; the signed-in screens in the app's default locale, and in
 * each locale by `npm run audit:a11y` (A11Y_EVERY_LOCALE=1): the screens are the same components
 * in every language, and three rounds of them took most of the browser suite's time.
 */
test.describe.configure({ timeout: 180_000 })

const everyLocale = process.env.A11Y_EVERY_LOCALE === '1'

type Rows<T> = { rows: T[] }

/** The ids the screens with an id need, looked up through the API. */
async function ids(request: APIRequestContext) {
  const admin = await apiLogin(request, demo.admin.email)
  const agent = await apiLogin(request, demo.agent.email)
  const voucher = await apiGet<{ id: number }>(request, admin.token, 'voucher/search', {
    code: 'MGM-USED-0001',
  })
  const customers = await apiGet<Rows<{ id: number }>>(request, admin.token, 'customer/search', {
    query: 'Petrović',
  })
  const trial = await apiPostTrial(request, agent.token, 'Checked by axe.')
  const me = await apiGet<{ id: number }>(request, agent.token, 'me')
  return {
    voucher: voucher.id,
    customer: customers.rows[0]?.id ?? 1,
    agent: me.id,
    trial,
  }
}

async function checkScreens(page: Page, paths: readonly string[]) {
  for (const path of paths) {
    await test.step(path, async () => {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible()
      // Lists and details load after the heading: wait for what the screen loads.
      await page.waitForLoadState('networkidle')
      await expectAccessible(page)
    })
  }
}

for (const locale of locales) {
  test.describe(`in ${locale}`, () => {
    test.use({ appLocale: locale })

    test('the sign-in screens', async ({ page }) => {
      await checkScreens(page, [
        '/login',
        '/forgot-password',
        '/password-reset?token=abc',
        '/password-setup?token=abc',
      ])
    })

    if (locale !== defaultLocale && !everyLocale) return

    test('every screen of a store manager', async ({ page, request }) => {
      const id = await ids(request)
      await signInInAnyLanguage(page, demo.manager.email)
      await checkScreens(page, [
        '/',
        '/vouchers',
        `/vouchers/${id.voucher}`,
        `/used-code/${id.voucher}`,
        '/customers?query=Petrović',
        `/customers/${id.customer}/overview`,
        `/customers/${id.customer}/loyalty`,
        `/customers/${id.customer}/mgm`,
        `/customers/${id.customer}/survey`,
        '/free-guided-trial',
        '/free-guided-trial/simple',
        '/outbox',
        '/settings',
      ])
    })

    test('the store picker of a manager with no store', async ({ page }) => {
      await signInInAnyLanguage(page, demo.newManager.email)
      await checkScreens(page, ['/store-picker'])
    })

    test('every screen of an admin', async ({ page, request }) => {
      const id = await ids(request)
      await signInInAnyLanguage(page, demo.admin.email)
      await checkScreens(page, [
        '/',
        '/users',
        '/users/new',
        `/users/${id.agent}/edit`,
        `/experts/${id.agent}`,
        `/surveys/${id.trial}`,
        '/stores',
        '/stores/new',
        '/stores/1',
        '/stores/1/edit',
        '/reports',
        '/dashboard',
        '/review',
        '/review?flag=all',
        '/review?flag=quarantined',
        '/customers/trial-contact',
      ])
    })
  })
}
