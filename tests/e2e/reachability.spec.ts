import { test, expect, signIn, demo } from './fixtures.ts'
import { answerUpToFinish } from './trial-driver.ts'

// A trial finished while nothing gets through, tried again and again, then the server back.
test.describe.configure({ timeout: 120_000 })

test('the header says Offline while the server is not reached, and waiting trials go as soon as it answers again', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  const status = page.getByRole('banner').getByRole('link', { name: /^(Online|Offline)/ })
  await expect(status).toHaveAccessibleName(/^Online/)

  // The store's Wi-Fi is up, so the browser says it is online, but nothing reaches the server.
  let attempts = 0
  await page.route('**/api/v1/**', async (route) => {
    if (route.request().url().endsWith('/free-guided/form')) attempts += 1
    await route.abort('connectionrefused')
  })
  await answerUpToFinish(page, `unreached-${Date.now()}`)
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/free-guided-trial-success/)
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  await expect(status).toHaveAccessibleName(/^Offline.*1 trial waiting/)

  // Tried again and again while it is not reached: each failure used to lengthen the wait.
  await page.goto('/outbox')
  for (let round = 0; round < 6; round += 1) {
    const before = attempts
    await page.getByRole('button', { name: 'Send now' }).click()
    await expect.poll(() => attempts).toBeGreaterThan(before)
    await expect(page.getByRole('button', { name: 'Send now' })).toBeEnabled()
  }
  await expect(status).toHaveAccessibleName(/^Offline/)

  // The server answers again: the trial goes without "Send now", within the probe's period.
  await page.unroute('**/api/v1/**')
  await expect(status).toHaveAccessibleName(/^Online/, { timeout: 15_000 })
  await expect(status).not.toHaveAccessibleName(/waiting/, { timeout: 15_000 })
})
