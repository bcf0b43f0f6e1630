import type { Browser, Page } from '@playwright/test'
import { apiPath, appHeaders } from '../support/api.ts'
import {
  test,
  expect,
  signIn,
  demo,
  demoPassword,
  apiLogin,
  apiGet,
  controlledByServiceWorker,
  keptOnDevice,
  deviceIdOf,
} from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'

// Each test signs in, waits for the service worker and goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Rows<T> = { rows: T[]; count: number }

/** Signs in and waits until the app is ready for offline use (the shell and the stores kept). */
async function readyOffline(page: Page, email: string) {
  await signIn(page, email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await keptOnDevice(page, ['stores', 'all'])
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

/**
 * An admin signed in in a browser of their own (not the tablet's storage), in English, on a
 * desktop: the devices are a table there, not cards.
 */
async function adminPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const viewport = { width: 1366, height: 768 }
  const context = await browser.newContext(baseURL ? { baseURL, viewport } : { viewport })
  await context.addInitScript(() => localStorage.setItem('locale', 'en'))
  const admin = await context.newPage()
  unlockAfterEachLoad(admin)
  await signIn(admin, demo.admin.email)
  await expect(admin).toHaveURL('/')
  return admin
}

test("the tablet's heartbeat shows its waiting trial on the admin's Devices screen, and none once sent, with the trial in the tablet's Sent list under its server number", async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  await readyOffline(page, demo.agent.email)
  const deviceId = await deviceIdOf(page)
  const comment = `device-${Date.now()}`
  // The trial cannot get through (the heartbeat can): it stays on the tablet.
  await context.route('**/api/v1/free-guided/form', (route) => route.abort('internetdisconnected'))
  await context.setOffline(true)
  await finishTrial(page, comment)
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  await context.setOffline(false)

  const admin = await adminPage(browser, baseURL)
  await expectTrialsOnDevice(admin, deviceId, 1)

  await context.unroute('**/api/v1/free-guided/form')
  await page.evaluate(() => window.dispatchEvent(new Event('online')))
  await expect(page.getByRole('link', { name: /trial waiting/ })).toHaveCount(0, {
    timeout: 20_000,
  })
  await expectTrialsOnDevice(admin, deviceId, 0)
  await admin.context().close()

  const { token } = await apiLogin(request, demo.admin.email)
  const stored = (
    await apiGet<Rows<{ id: number; comment: unknown }>>(request, token, 'questionnaire/search')
  ).rows.filter((row) => row.comment === comment)
  expect(stored).toHaveLength(1)
  await page.goto('/outbox')
  await expect(page.getByRole('heading', { name: 'Sent in the last 7 days' })).toBeVisible()
  await expect(
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: `#${stored[0]?.id}` }),
  ).toHaveCount(1)
})

test("the tablet's content edition shows on its row, in the fleet's figures and on its ready panel", async ({
  page,
  context,
  browser,
  baseURL,
  request,
}) => {
  const { token } = await apiLogin(request, demo.admin.email)
  const { id } = await apiGet<{ id: number }>(request, token, 'content/current')
  await readyOffline(page, demo.agent.email)
  const deviceId = await deviceIdOf(page)
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          (
            JSON.parse(localStorage.getItem('brand-expert.content-editions') ?? '{}') as {
              current?: number
            }
          ).current,
      ),
    )
    .toBe(id)
  // The ready panel tells it with no connection too.
  await context.setOffline(true)
  await page.goto('/settings')
  const ready = page.getByRole('region', { name: 'Ready for offline' })
  await expect(ready).toContainText(`Edition ${id}, fetched`)
  await expect(ready.getByRole('button', { name: 'Fetch the content' })).toHaveCount(0)
  // Opened again online, the app's first heartbeat reports the edition it holds.
  await context.setOffline(false)
  await page.reload()
  await expect(ready).toContainText(`Edition ${id}, fetched`)

  const admin = await adminPage(browser, baseURL)
  await expect(async () => {
    await admin.goto(`/devices?query=${deviceId.slice(0, 13)}`)
    const row = admin.getByRole('row', { name: new RegExp(deviceId.slice(0, 8)) })
    await expect(row.getByRole('cell').nth(2)).toContainText(`Content edition ${id}`, {
      timeout: 2_000,
    })
  }).toPass({ timeout: 30_000 })
  const fleet = admin.getByRole('region', { name: 'The fleet' })
  await expect(fleet.getByText(`On the content edition in use (${id})`)).toBeVisible()
  await fleet.locator('a[href*="figure=notCurrentEdition"]').click()
  await expect(admin).toHaveURL(/figure=notCurrentEdition/)
  await expect(admin.getByText('Showing: Tablets not on the content edition in use')).toBeVisible()
  await admin.context().close()
})

test('a tablet keeps its device id and secret across sign-out; another tablet set up with its id gets an id of its own', async ({
  page,
  browser,
  baseURL,
}) => {
  const identity = (on: Page) =>
    on.evaluate(() => ({
      id: localStorage.getItem('device-id'),
      secret: localStorage.getItem('device-secret'),
    }))
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  const tablet = await identity(page)
  expect(tablet.secret).toMatch(/^[\w-]{43}$/)
  expect(await deviceIdOf(page)).toBe(tablet.id)

  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/login')
  expect(await identity(page)).toEqual(tablet)
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  expect(await identity(page)).toEqual(tablet)
  expect(await deviceIdOf(page)).toBe(tablet.id)

  // The id copied onto another tablet (read off this one), which makes its own secret.
  const other = await browser.newContext(baseURL ? { baseURL } : {})
  await other.addInitScript((id) => {
    localStorage.setItem('locale', 'en')
    if (!localStorage.getItem('device-id')) localStorage.setItem('device-id', id)
  }, tablet.id ?? '')
  const copy = await other.newPage()
  unlockAfterEachLoad(copy)
  await signIn(copy, demo.agent.email)
  await expect(copy).toHaveURL('/')
  const own = await identity(copy)
  expect(own.id).not.toBe(tablet.id)
  expect(own.secret).not.toBe(tablet.secret)
  expect(await deviceIdOf(copy)).toBe(own.id)
  await other.close()
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

test('an admin revokes a lost tablet once, however often the confirmation is clicked', async ({
  page,
  request,
}) => {
  const deviceId = crypto.randomUUID()
  const login = await request.post(`${apiPath}/user/login`, {
    headers: appHeaders,
    data: { email: demo.agent.email, password: demoPassword, device_id: deviceId },
  })
  const { data } = (await login.json()) as { data: { device_credential: string } }
  const device = { ...appHeaders, Authorization: `Device ${data.device_credential}` }
  const beat = () =>
    request.post(`${apiPath}/device/heartbeat`, {
      headers: device,
      data: {
        appVersion: '1.0.0+lost',
        waiting: 1,
        needsLogin: 0,
        failed: 0,
        oldestWaitingAt: new Date().toISOString(),
        lastSentAt: null,
        storage: { usage: 10, quota: 100, persisted: false },
        images: { cached: 0, total: 0 },
      },
    })
  expect((await beat()).status()).toBe(200)

  const revocations: string[] = []
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/device/revoke'))
      revocations.push(sent.url())
  })
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await page.goto(`/devices?query=${deviceId.slice(0, 13)}`)
  const row = page.getByRole('row', { name: new RegExp(deviceId.slice(0, 8)) })
  await row.getByRole('button', { name: 'Forget this tablet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Forget this tablet?' })
  await dialog.getByRole('button', { name: 'Yes, forget it' }).dblclick()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByText(/^Revoked /)).toBeVisible()
  expect(revocations).toHaveLength(1)
  // The credential stops working at once.
  expect((await beat()).status()).toBe(401)
})
