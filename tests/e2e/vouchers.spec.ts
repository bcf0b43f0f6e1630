import type { Page } from '@playwright/test'
import { test, expect, signIn, demo, demoPassword, expectAccessible } from './fixtures.ts'
import { finishSignIn } from '../support/sign-in.ts'

// Each test walks several screens and runs axe on each: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

/** Signs in on the Montenegrin or Serbian login form (the shared helper speaks English). */
async function signInLocal(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Lozinka', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Prijavi se' }).click()
  await finishSignIn(page)
  await expect(page).toHaveURL('/')
}

async function lookUp(page: Page, label: string, button: string, code: string) {
  await page.goto('/vouchers')
  await page.getByLabel(label).fill(code)
  await page.getByRole('button', { name: button, exact: true }).click()
}

test.describe('in Montenegrin', () => {
  test.use({ appLocale: 'me' })

  test('a manager finds a valid voucher worth 5,00 €, redeems it for a consumer, sees it redeemed just now, then used', async ({
    page,
  }) => {
    const code = 'MGM-VALID-0011'
    await signInLocal(page, demo.managerMe.email)
    await page.goto('/vouchers')
    await expectAccessible(page)
    await lookUp(page, 'Kod vaučera', 'Pretraži', code)

    await expect(page).toHaveURL(/\/vouchers\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Vaučer ${code}`)
    await expect(page.getByText('Vaučer je validan.')).toBeVisible()
    await expect(page.getByText('Važeći', { exact: true })).toBeVisible()
    await expect(page.getByText(/^5,00\s€$/)).toBeVisible()
    await expectAccessible(page)

    // Redeeming with no consumer chosen says so next to the picker.
    await page.getByRole('button', { name: 'Iskoristi', exact: true }).click()
    await expect(page.getByText(/^Niste odabrali potrošača/)).toBeVisible()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const picker = page.getByRole('combobox', { name: 'Potrošač' })
    await picker.fill('Petrović')
    const option = page.getByRole('option').first()
    await expect(option).toBeVisible()
    const name = (await option.locator('span span').first().innerText()).trim()
    await option.click()
    await expect(picker).toHaveValue(name)
    await expect(page.getByText(/^Niste odabrali potrošača/)).toHaveCount(0)

    await page.getByRole('button', { name: 'Iskoristi', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Iskoristiti vaučer?' })
    await expect(dialog).toContainText(`Iskoristiti vaučer ${code} za potrošača ${name}?`)
    await expectAccessible(page)
    // A double click redeems once: one request, one message, and no error beside it.
    let redemptions = 0
    page.on('request', (sent) => {
      if (sent.method() === 'POST' && sent.url().endsWith('/voucher/submit')) redemptions += 1
    })
    await dialog.getByRole('button', { name: 'Da, iskoristi' }).dblclick()

    await expect(page.locator('[data-kind="success"]')).toContainText('Vaučer je iskorišćen.')
    await expect(page.locator('[data-kind="success"]')).toHaveCount(1)
    await expect(page.locator('[data-kind="error"]')).toHaveCount(0)
    expect(redemptions).toBe(1)
    // Right after redeeming, the page says it was just redeemed, not that it was already used.
    await expect(page.getByText('Upravo iskorišćen', { exact: true })).toBeVisible()
    await expect(page.getByText('Vaučer je već iskorišćen.')).toHaveCount(0)
    await expect(page.getByRole('combobox', { name: 'Potrošač' })).toHaveCount(0)
    const log = page.getByRole('table', { name: 'Istorija' })
    await expect(log.getByRole('row').nth(1)).toContainText(code)

    // Looking it up again finds it used; its log opens on /used-code.
    await lookUp(page, 'Kod vaučera', 'Pretraži', code)
    await expect(page.getByText('Vaučer je već iskorišćen.')).toBeVisible()
    await expect(page.getByText('Već iskorišćen', { exact: true })).toBeVisible()
    await page.getByRole('link', { name: 'Otvori istoriju iskorišćenog vaučera' }).click()
    await expect(page).toHaveURL(/\/used-code\/\d+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iskorišćen vaučer')
    await expect(
      page.getByRole('table', { name: `Istorija vaučera ${code}` }).getByRole('row'),
    ).toHaveCount(2)
    await expectAccessible(page)
    await page.getByRole('button', { name: 'Nazad' }).click()
    await expect(page).toHaveURL(/\/vouchers\/\d+$/)
  })
})

test.describe('in Serbian', () => {
  test.use({ appLocale: 'sr' })

  test('a referral voucher is worth 1.000,00 RSD', async ({ page }) => {
    await signInLocal(page, demo.manager.email)
    await lookUp(page, 'Kod vaučera', 'Pretraži', 'mgm-valid-0012')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Vaučer MGM-VALID-0012')
    await expect(page.getByText(/^1\.000,00\sRSD$/)).toBeVisible()
    await expect(page.getByText('Vaučer je validan.')).toBeVisible()
  })

  test("a Podgorica manager reading Serbian sees a referral voucher in euros, the store's currency", async ({
    page,
  }) => {
    await signInLocal(page, demo.managerMe.email)
    await lookUp(page, 'Kod vaučera', 'Pretraži', 'MGM-VALID-0014')
    await expect(page.getByText('Vaučer je validan.')).toBeVisible()
    await expect(page.getByText(/^5,00\s€$/)).toBeVisible()
  })
})

test("a Belgrade manager reading English sees a referral voucher in dinars, the store's currency", async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await lookUp(page, 'Voucher code', 'Search', 'MGM-VALID-0013')
  await expect(page.getByText('The voucher is valid.')).toBeVisible()
  await expect(page.getByText(/^RSD\s1,000\.00$/)).toBeVisible()
})

test("an admin sees a referral voucher's value in each country, then the chosen store's", async ({
  page,
}) => {
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await lookUp(page, 'Voucher code', 'Search', 'MGM-VALID-0015')
  await expect(page.getByText('The voucher is valid.')).toBeVisible()
  await expect(page.getByText(/^Serbia: RSD\s1,000\.00$/)).toBeVisible()
  await expect(page.getByText(/^Montenegro: €5\.00$/)).toBeVisible()

  // The options of the search typed, not those still shown from the one before.
  const store = page.getByRole('combobox', { name: 'Store' })
  await store.fill('Podgorica')
  await page
    .getByRole('option', { name: /Podgorica$/ })
    .first()
    .click()
  await expect(page.getByText(/^€5\.00$/)).toBeVisible()
  await store.fill('Niš')
  await page.getByRole('option', { name: /Niš$/ }).first().click()
  await expect(page.getByText(/^RSD\s1,000\.00$/)).toBeVisible()
})

test('an expired, a used and a non-existent code each show their message', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')

  await lookUp(page, 'Voucher code', 'Search', 'MGM-EXPIRED-0001')
  await expect(page).toHaveURL(/\/vouchers\/\d+$/)
  await expect(page.getByText('The voucher has expired.')).toBeVisible()
  await expect(page.getByText('Expired', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Redeem', exact: true })).toHaveCount(0)
  await expectAccessible(page)

  await lookUp(page, 'Voucher code', 'Search', 'MGM-USED-0001')
  await expect(page.getByText('The voucher has already been used.')).toBeVisible()
  await expect(page.getByRole('link', { name: "Open the used voucher's log" })).toBeVisible()

  await lookUp(page, 'Voucher code', 'Search', 'NO-SUCH-CODE-0001')
  await expect(page.getByRole('alert')).toHaveText('The voucher does not exist.')
  await expect(page).toHaveURL('/vouchers')
  await expectAccessible(page)

  // An empty code is not sent.
  await page.getByLabel('Voucher code').fill('')
  await page.getByRole('button', { name: 'Search', exact: true }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
})

test('an admin redeeming a voucher says at which store, and the log keeps it', async ({ page }) => {
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await lookUp(page, 'Voucher code', 'Search', 'PROMO-0004')
  await expect(page.getByText('The voucher is valid.')).toBeVisible()
  const picker = page.getByRole('combobox', { name: 'Consumer' })
  await picker.fill('Petrović')
  await page.getByRole('option').first().click()
  await page.getByRole('button', { name: 'Redeem', exact: true }).click()
  await expect(page.getByText('This field is required')).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)

  const store = page.getByRole('combobox', { name: 'Store' })
  await store.fill('Niš')
  const option = page.getByRole('option').first()
  const [storeName] = (await option.innerText()).split(',')
  await option.click()
  await page.getByRole('button', { name: 'Redeem', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Yes, redeem' }).click()
  await expect(page.locator('[data-kind="success"]')).toContainText('The voucher is redeemed.')
  const log = page.getByRole('table', { name: 'Log' })
  await expect(log.getByRole('row').nth(1)).toContainText(storeName?.trim() ?? 'a store')
  // Right after redeeming, the page says so, not "already used", which reads as a refusal.
  await expect(page.getByText('Redeemed just now', { exact: true })).toBeVisible()
  await expect(page.getByText('Already used', { exact: true })).toHaveCount(0)
  // Looked up again later, it is a used voucher.
  await lookUp(page, 'Voucher code', 'Search', 'PROMO-0004')
  await expect(page.getByText('The voucher has already been used.')).toBeVisible()
  await expect(page.getByText('Already used', { exact: true })).toBeVisible()
})

test('the log of a voucher not used yet is not called a used voucher', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await lookUp(page, 'Voucher code', 'Search', 'MGM-VALID-0090')
  await expect(page).toHaveURL(/\/vouchers\/\d+$/)
  const id = /\/vouchers\/(\d+)$/.exec(page.url())?.[1] ?? ''
  await page.goto(`/used-code/${id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Voucher log' })).toBeVisible()
  await expect(page.getByText('Nothing is logged for this voucher yet.')).toBeVisible()
})
