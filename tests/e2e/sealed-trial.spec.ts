import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  controlledByServiceWorker,
  deviceStorageAsText,
} from './fixtures.ts'
import { answerUpToContact, enterValidContact } from './trial-driver.ts'

// Signs in, waits for the service worker, goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Row = { id: number; comment: unknown }

test("a trial finished offline keeps no customer's email or phone readable on the tablet, and the server stores them", async ({
  page,
  context,
  request,
}) => {
  const marker = `sealed-${Date.now()}`
  const email = `${marker}@example.com`
  const phone = '+381641234567'
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/', { timeout: 30_000 })
  await controlledByServiceWorker(page)
  // The server's key, fetched at sign-in, is what Finish seals to offline.
  await expect.poll(() => deviceStorageAsText(page), { timeout: 20_000 }).toContain('trialSealKey')

  await context.setOffline(true)
  await page.goto('/free-guided-trial')
  const next = page.getByRole('button', { name: 'Next' })
  await answerUpToContact(page)
  await enterValidContact(page, email, phone)
  await next.click()
  await expect(page.getByRole('heading', { name: 'Sticks tried', level: 2 })).toBeVisible()
  await next.click()
  await page.getByRole('radio', { name: 'No, did not buy' }).click()
  await next.click()
  await page.getByRole('button', { name: 'Needs time to think' }).click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(marker)
  await page.getByRole('button', { name: 'Finish' }).click()
  await expect(page).toHaveURL(/\/free-guided-trial-success\?trial=/)

  // Waiting, with no connection: the trial is on the device, its contact sealed.
  const stored = await deviceStorageAsText(page)
  expect(stored).toContain(marker)
  expect(stored).toContain('sealed_contact')
  expect(stored).not.toContain(email)
  expect(stored).not.toContain(phone)
  expect(stored).not.toContain(phone.slice(4))

  await page.goto('/outbox')
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  await context.setOffline(false)
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })

  const { token } = await apiLogin(request, demo.admin.email)
  const found = await apiGet<{ rows: Row[] }>(request, token, 'questionnaire/search')
  const ours = found.rows.filter((row) => JSON.stringify(row.comment).includes(marker))
  expect(ours).toHaveLength(1)
  expect(ours[0]?.comment).toMatchObject({ email: { email, phone } })
  expect(JSON.stringify(ours[0]?.comment)).not.toContain('sealed_contact')
})
