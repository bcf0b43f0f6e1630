import { finishSignIn } from '../support/sign-in.ts'
import { test, expect, demo, demoPassword, expectAccessible } from './fixtures.ts'

// Both tests check the store-less demo manager in and out: one after the other.
test.describe.configure({ mode: 'serial' })

test('a manager without a store is sent to the store picker, checks in, sees whether the tablet is ready for offline, and goes on to where they wanted', async ({
  page,
}) => {
  await page.goto('/vouchers')
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvouchers/)
  await page.getByLabel('Email').fill(demo.newManager.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await finishSignIn(page)

  await expect(page).toHaveURL(/\/store-picker\?redirect=%2Fvouchers/)
  await expect(page.getByText('You are not assigned to a store yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Choose' }).click()
  await expect(page.getByText('This field is required')).toBeVisible()

  const store = page.getByRole('combobox', { name: 'Store' })
  await store.fill('zzzz-no-such-store')
  await expect(page.getByText('Store not found').first()).toBeVisible()
  await store.fill('Niš')
  const option = page.getByRole('option').first()
  const [storeName] = (await option.innerText()).split(',')
  await option.click()
  await expectAccessible(page)
  let checkIns = 0
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().includes('/user/check-in')) checkIns += 1
  })
  // A double click checks in once.
  await page.getByRole('button', { name: 'Choose' }).dblclick()

  // Before the day starts, whether the tablet is ready for it offline; then on to where they were going.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    `You are checked in at ${storeName}`,
  )
  await expect(page.locator('[data-kind="success"]')).toContainText('You are checked in.')
  const ready = page.getByRole('region', { name: 'Ready for offline' })
  await expect(ready).toContainText('App version')
  await expect(ready).toContainText(/\d+ of \d+ kept on this device/)
  await expect(ready).toContainText(/MB of [\d.,]+ MB used/)
  await expectAccessible(page)
  // A reload shows the readiness again, not the form.
  await page.reload()
  await expect(ready).toContainText('Persistent storage')
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/vouchers')
  expect(checkIns).toBe(1)

  await page.goto('/settings')
  await expect(page.getByRole('region', { name: 'Your store' })).toContainText(
    storeName ?? 'a store name',
  )
})

test('checking out asks first; staying keeps the store, confirming ends the day at it', async ({
  page,
}) => {
  await page.goto('/login')
  await page.getByLabel('Email').fill(demo.newManager.email)
  await page.getByLabel('Password', { exact: true }).fill(demoPassword)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await finishSignIn(page)
  // Checked in or not (the test before this one leaves them checked in), they choose a store.
  await expect(page).toHaveURL(/\/(store-picker.*)?$/)
  await page.goto('/store-picker')
  await page.getByRole('combobox', { name: 'Store' }).fill('Niš')
  await page.getByRole('option').first().click()
  await page.getByRole('button', { name: 'Choose' }).click()
  await page.getByRole('link', { name: 'Continue' }).click()
  await expect(page).toHaveURL('/')

  await page.goto('/settings')
  await page.getByRole('button', { name: 'Check out' }).click()
  const dialog = page.getByRole('dialog', { name: /^Check out of / })
  await expect(dialog).toContainText('Your time at the store ends now.')
  await dialog.getByRole('button', { name: 'Stay checked in' }).click()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Your store' })).not.toContainText(
    'You are not checked in',
  )

  await page.getByRole('button', { name: 'Check out' }).click()
  await page
    .getByRole('dialog', { name: /^Check out of / })
    .getByRole('button', { name: 'Check out' })
    .click()
  await expect(page).toHaveURL(/\/store-picker/)
})
