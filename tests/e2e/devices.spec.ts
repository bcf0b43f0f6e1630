import type { BrowserContext, Page } from '@playwright/test'
import { test, expect, signIn, demo, apiLogin, apiGet } from './fixtures.ts'

// Each test signs in, waits for the service worker and goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Rows<T> = { rows: T[]; count: number }

/** Signs in and waits until the app is ready for offline use (the shell and the stores kept). */
async function readyOffline(page: Page, email: string) {
  await signIn(page, email)
  await expect(page).toHaveURL('/')
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)
  await expect
    .poll(
      () =>
        page.evaluate(
          () => localStorage.getItem('query-cache')?.includes('"stores","all"') ?? false,
        ),
      { timeout: 20_000 },
    )
    .toBe(true)
}

/** Finishes a simple trial at a Belgrade store; the page is offline. */
async function finishTrial(page: Page, comment: string) {
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/')
}

/** The device's own id, as the PWA keeps it in IndexedDB. */
function deviceIdOf(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error('no database'))
        opening.onsuccess = () => {
          const read = opening.result.transaction('device').objectStore('device').get('id')
          read.onsuccess = () => {
            const row: unknown = read.result
            if (typeof row === 'object' && row !== null && 'value' in row) {
              resolve(String(row.value))
            } else reject(new Error('no device id'))
          }
        }
      }),
  )
}

/** The admin's Devices screen, found by the device's id, until its row shows `trials`. */
async function expectTrialsOnDevice(admin: Page, deviceId: string, trials: number) {
  const prefix = deviceId.slice(0, 8)
  await expect(async () => {
    await admin.goto(`/devices?query=${deviceId.slice(0, 13)}`)
    const row = admin.getByRole('row', { name: new RegExp(prefix) })
    await expect(row).toHaveCount(1)
    await expect(row.getByRole('cell').nth(3)).toHaveText(new RegExp(`^${trials}`), {
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
}

async function adminPage(context: BrowserContext): Promise<Page> {
  const admin = await context.browser()?.newPage()
  if (!admin) throw new Error('no browser')
  await signIn(admin, demo.admin.email)
  await expect(admin).toHaveURL('/')
  return admin
}

test("the tablet's heartbeat shows its waiting trial on the admin's Devices screen, and none once sent", async ({
  page,
  context,
}) => {
  await readyOffline(page, demo.agent.email)
  const deviceId = await deviceIdOf(page)
  // The trial cannot get through (the heartbeat can): it stays on the tablet.
  await context.route('**/api/v1/free-guided/form', (route) => route.abort('internetdisconnected'))
  await context.setOffline(true)
  await finishTrial(page, `device-${Date.now()}`)
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  await context.setOffline(false)

  const admin = await adminPage(context)
  await expectTrialsOnDevice(admin, deviceId, 1)

  await context.unroute('**/api/v1/free-guided/form')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('link', { name: /trial waiting/ })).toHaveCount(0, {
    timeout: 20_000,
  })
  await expectTrialsOnDevice(admin, deviceId, 0)
  await admin.close()
})

test("an expert's trials finished offline are stored once, as theirs, after another signs in on the tablet", async ({
  page,
  context,
  request,
}) => {
  const marker = `stranded-${Date.now()}`
  const author = await apiLogin(request, demo.agent.email)
  await readyOffline(page, demo.agent.email)
  await context.setOffline(true)
  await finishTrial(page, `${marker}-A`)
  await finishTrial(page, `${marker}-B`)
  await expect(page.getByRole('link', { name: /2 trials waiting/ })).toBeVisible()
  await page.getByRole('button', { name: 'Log out' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log out with unsent trials?' })
  await dialog.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/login')

  await context.setOffline(false)
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')

  const { token } = await apiLogin(request, demo.admin.email)
  await expect
    .poll(
      async () => {
        const trials = await apiGet<Rows<{ comment: unknown }>>(
          request,
          token,
          'questionnaire/search',
          { user: String(author.id) },
        )
        return trials.rows
          .map((row) => String(row.comment))
          .filter((comment) => comment.startsWith(marker))
          .sort()
      },
      { timeout: 30_000 },
    )
    .toEqual([`${marker}-A`, `${marker}-B`])
  // Nothing is left on the tablet, and nothing was stored twice.
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          new Promise<number>((resolve) => {
            const opening = indexedDB.open('brand-expert')
            opening.onsuccess = () => {
              const count = opening.result.transaction('outbox').objectStore('outbox').count()
              count.onsuccess = () => resolve(count.result)
            }
          }),
      ),
    )
    .toBe(0)
})
