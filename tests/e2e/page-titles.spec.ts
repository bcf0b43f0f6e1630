import type { APIRequestContext } from '@playwright/test'
import { test, expect, demo, apiLogin, apiGet, signInInAnyLanguage } from './fixtures.ts'

/**
 * Every screen names itself in the browser tab (its history and a screen reader's list of windows):
 * its heading, then the app's name, in the user's language.
 */

const headings = {
  me: {
    signIn: 'Dobrodošli',
    forgotten: 'Zaboravili ste lozinku?',
    notFound: 'Strana nije pronađena',
    home: `Dobrodošli, ${demo.super.name}`,
    users: 'Korisnici',
    wizard: 'Besplatna vođena proba',
    saved: 'Proba je sačuvana',
  },
  en: {
    signIn: 'Welcome',
    forgotten: 'Forgot your password?',
    notFound: 'Page not found',
    home: `Welcome, ${demo.super.name}`,
    users: 'Users',
    wizard: 'Free guided trial',
    saved: 'The trial is saved',
  },
} as const

/** A consumer whose profile has their name as its heading. */
async function aCustomer(request: APIRequestContext) {
  const { token } = await apiLogin(request, demo.admin.email)
  const found = await apiGet<{ rows: { id: number; fullname: string }[] }>(
    request,
    token,
    'customer/search',
    { query: 'Petrović' },
  )
  const customer = found.rows[0]
  if (!customer) throw new Error('the demo data has no Petrović')
  return customer
}

for (const locale of ['me', 'en'] as const) {
  test.describe(`in ${locale}`, () => {
    test.use({ appLocale: locale })

    test('each screen names itself in the browser tab', async ({ page, request }) => {
      const heading = headings[locale]
      const customer = await aCustomer(request)
      const named = (title: string) => expect(page).toHaveTitle(`${title} · Brand Expert`)

      await page.goto('/login')
      await named(heading.signIn)
      await page.goto('/forgot-password')
      await named(heading.forgotten)
      await page.goto('/no-such-screen')
      await named(heading.notFound)

      // A super user reaches the store's screens and the admin's.
      await signInInAnyLanguage(page, demo.super.email)
      await named(heading.home)
      await page.goto(`/customers/${customer.id}/overview`)
      await named(customer.fullname)
      await page.goto('/users')
      await named(heading.users)
      await page.goto('/free-guided-trial')
      await named(heading.wizard)
      await page.goto('/free-guided-trial-success')
      await named(heading.saved)
    })
  })
}
