import type { APIRequestContext, Page } from '@playwright/test'
import { apiPath, appHeaders } from '../support/api.ts'
import { releaseWorker } from '../support/release-worker.ts'
import {
  test,
  expect,
  signIn,
  demo,
  demoPassword,
  apiLogin,
  apiGet,
  apiPost,
  servedBuild,
  controlledByServiceWorker,
  deviceIdOf,
} from './fixtures.ts'

// Each test signs in and waits for a tablet's heartbeats: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

type Delivered = { id: number; action: string; text?: string; lost?: boolean }

/** A tablet as the API knows it: signed in by the agent, with a heartbeat that says it holds a trial. */
async function tabletByApi(request: APIRequestContext) {
  const deviceId = crypto.randomUUID()
  const login = await request.post(`${apiPath}/user/login`, {
    headers: appHeaders,
    data: { email: demo.agent.email, password: demoPassword, device_id: deviceId },
  })
  const { data } = (await login.json()) as { data: { device_credential: string } }
  const headers = { ...appHeaders, Authorization: `Device ${data.device_credential}` }
  const beat = async (done: unknown[] = []) => {
    const response = await request.post(`${apiPath}/device/heartbeat`, {
      headers,
      data: {
        appVersion: '1.0.0+remote',
        waiting: 1,
        needsLogin: 0,
        failed: 0,
        oldestWaitingAt: new Date().toISOString(),
        lastSentAt: null,
        storage: { usage: 90, quota: 100, persisted: false },
        images: { cached: 0, total: 0 },
        done,
      },
    })
    expect(response.status()).toBe(200)
    return ((await response.json()) as { data: { actions: Delivered[] } }).data.actions
  }
  expect(await beat()).toEqual([])
  return { deviceId, beat }
}

/** Counts the requests the page sends to an API path. */
function countPosts(page: Page, path: string) {
  const sent: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith(path)) {
      sent.push(request.url())
    }
  })
  return sent
}

test("an admin acts on a tablet from the Devices screen, once per press, and sees each action's state", async ({
  page,
  request,
}) => {
  const tablet = await tabletByApi(request)
  const issued = countPosts(page, '/device/action')
  const cancelled = countPosts(page, '/device/action/cancel')
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')

  // The fleet's figures open the list of the tablets behind them.
  await page.goto('/devices')
  const fleet = page.getByRole('region', { name: 'The fleet' })
  await fleet.getByRole('link', { name: /not persistent or nearly full/ }).click()
  await expect(page).toHaveURL(/figure=storage/)
  await expect(
    page.getByText('Showing: Tablets whose storage is not persistent or nearly full'),
  ).toBeVisible()

  await page.goto(`/devices?query=${tablet.deviceId.slice(0, 13)}`)
  const row = page.getByRole('row', { name: new RegExp(tablet.deviceId.slice(0, 8)) })
  await row.getByRole('button', { name: 'Act on this tablet' }).click()

  await row.getByRole('button', { name: 'Update now' }).dblclick()
  await expect(row.getByText(/Update now — Waiting/)).toBeVisible()
  expect(issued).toHaveLength(1)
  await row.getByRole('button', { name: 'Cancel Update now' }).dblclick()
  await expect(row.getByText(/Update now — Cancelled/)).toBeVisible()
  expect(cancelled).toHaveLength(1)

  await row.getByRole('button', { name: 'Wipe kept data' }).click()
  const wipe = page.getByRole('dialog', { name: 'Wipe the data kept on this tablet?' })
  await wipe.getByRole('checkbox', { name: /The tablet is lost/ }).check()
  await wipe.getByRole('button', { name: 'Yes, wipe' }).dblclick()
  await expect(wipe).toHaveCount(0)
  await expect(row.getByText(/Wipe kept data \(lost\) — Waiting/)).toBeVisible()

  const text = 'Please come to the office to collect the new stand'
  await row.getByRole('textbox', { name: 'Message to the person using this tablet' }).fill(text)
  await row.getByRole('button', { name: 'Send the message' }).dblclick()
  await expect(row.getByText(`“${text}”`)).toBeVisible()
  expect(issued).toHaveLength(3)

  // The tablet gets what still waits, the cancelled update not; once acknowledged, it is done.
  const delivered = await tablet.beat()
  expect(delivered.map(({ action, lost, text: said }) => ({ action, lost, text: said }))).toEqual([
    { action: 'wipe', lost: true, text: undefined },
    { action: 'message', lost: undefined, text },
  ])
  const message = delivered.find((action) => action.action === 'message')
  await tablet.beat([{ id: message?.id, at: new Date().toISOString(), result: 'done' }])
  await page.reload()
  await expect(row.getByText(/Message — Done/)).toBeVisible()
  await expect(row.getByText(/Wipe kept data \(lost\) — Waiting/)).toBeVisible()
})

/** How many rows a table of the device's database holds. */
function rowsOn(page: Page, table: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(new Error('no database'))
        opening.onsuccess = () => {
          const counting = opening.result.transaction(name).objectStore(name).count()
          counting.onsuccess = () => resolve(counting.result)
        }
      }),
    table,
  )
}

type ActionRow = { id: number; action: string; state: string; deliveredAt: string | null }
type DeviceRow = { id: string; waiting: number; actions: ActionRow[] }

test('a tablet sends its waiting trial first, keeps the open wizard, shows a message until dismissed, then wipes and acknowledges', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  const deviceId = await deviceIdOf(page)
  const admin = await apiLogin(request, demo.admin.email)
  const row = async () => {
    const found = await apiGet<{ rows: DeviceRow[] }>(request, admin.token, 'device/search', {
      query: deviceId,
    })
    return found.rows[0]
  }
  const stateOf = async (id: number) =>
    (await row())?.actions.find((action) => action.id === id)?.state

  // A finished trial that cannot get through yet stays in the outbox.
  await context.route('**/api/v1/free-guided/form', (route) => route.abort('internetdisconnected'))
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(`remote-${Date.now()}`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/')

  // A wizard is open, half written, when the actions come.
  await page.goto('/free-guided-trial/simple')
  const comment = page.getByRole('textbox', { name: 'Comment' })
  await comment.fill('half written')
  const issue = async (body: object) => {
    const response = await apiPost(request, admin.token, 'device/action', body, {
      'Idempotency-Key': crypto.randomUUID(),
    })
    return ((await response.json()) as { data: { id: number } }).data.id
  }
  const wipe = await issue({ deviceId, action: 'wipe' })
  const text = 'Please come to the office to collect the new stand'
  const message = await issue({ deviceId, action: 'message', text })
  await context.unroute('**/api/v1/free-guided/form')

  // The trial arrives (the outbox's next pass), and its heartbeat brings the actions.
  await expect.poll(async () => (await row())?.waiting, { timeout: 60_000 }).toBe(0)
  const shown = page
    .getByRole('region', { name: 'Notifications (F8)' })
    .getByRole('listitem')
    .filter({ hasText: text })
  await expect(shown).toBeVisible({ timeout: 30_000 })
  // Inside the wizard nothing is wiped: the answers stay, the wipe waits.
  await expect(comment).toHaveValue('half written')
  expect(await stateOf(wipe)).toBe('waiting')
  expect(await stateOf(message)).toBe('waiting')

  // One stays (the toast that brought the toaster in gives way to it), until closed.
  await expect(shown).toHaveCount(1)
  await shown.getByRole('button', { name: 'Close' }).click()
  await expect.poll(() => stateOf(message), { timeout: 30_000 }).toBe('done')
  expect(await stateOf(wipe)).toBe('waiting')

  // Out of the wizard, the wipe goes, and is acknowledged; the outbox and the sign-in stay.
  await page.getByRole('link', { name: 'Brand Expert home' }).click()
  await expect.poll(() => stateOf(wipe), { timeout: 30_000 }).toBe('done')
  // The tablet reloads after a wipe: a count read across the reload is tried again.
  const rows = (table: string) => rowsOn(page, table).catch(() => -1)
  await expect.poll(() => rows('drafts'), { timeout: 15_000 }).toBe(0)
  await expect.poll(() => rows('credentials'), { timeout: 15_000 }).toBeGreaterThan(0)
  await expect(page).toHaveURL('/')
})

test('Update now reaches a tablet inside a wizard: its trial is sent first, the wizard stays, and the new version loads once it is left', async ({
  page,
  context,
  request,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  const deviceId = await deviceIdOf(page)
  const admin = await apiLogin(request, demo.admin.email)
  const row = async () => {
    const found = await apiGet<{ rows: DeviceRow[] }>(request, admin.token, 'device/search', {
      query: deviceId,
    })
    return found.rows[0]
  }
  const stateOf = async (id: number) =>
    (await row())?.actions.find((action) => action.id === id)?.state

  await context.route('**/api/v1/free-guided/form', (route) => route.abort('internetdisconnected'))
  // A manager's trial is filed at their own store: no store to choose.
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('textbox', { name: 'Comment' }).fill(`update-${Date.now()}`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page).toHaveURL('/')

  // The guided wizard is open, and a new version waits to be taken.
  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female' }).click()
  // The new release stays served until the end: the update's own check must find it too.
  const release = await releaseWorker(servedBuild, `// next release ${Date.now()}`)
  try {
    await page.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect
      .poll(
        () =>
          page.evaluate(async () => {
            const registration = await navigator.serviceWorker.getRegistration()
            return registration?.waiting != null
          }),
        { timeout: 30_000 },
      )
      .toBe(true)
    const response = await apiPost(
      request,
      admin.token,
      'device/action',
      { deviceId, action: 'update' },
      { 'Idempotency-Key': crypto.randomUUID() },
    )
    const { id } = ((await response.json()) as { data: { id: number } }).data
    await context.unroute('**/api/v1/free-guided/form')

    // The trial arrives; the update waits for the wizard, which is not cut.
    await expect.poll(async () => (await row())?.waiting, { timeout: 60_000 }).toBe(0)
    // The tablet has it, and leaves it waiting while the wizard is open.
    const delivered = async () =>
      (await row())?.actions.find((action) => action.id === id)?.deliveredAt != null
    await expect.poll(delivered, { timeout: 30_000 }).toBe(true)
    await page.waitForTimeout(3_000)
    expect(await stateOf(id)).toBe('waiting')
    await expect(page.getByRole('heading', { level: 2, name: 'Age group' })).toBeVisible()

    // Out of the wizard: acknowledged, then the new version takes over and the page reloads.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 })
    await page.getByRole('link', { name: 'Brand Expert home' }).click()
    await expect.poll(() => stateOf(id), { timeout: 30_000 }).toBe('done')
    await reloaded
    await expect
      .poll(
        () =>
          page
            .evaluate(async () => {
              const registration = await navigator.serviceWorker.getRegistration()
              return registration?.waiting == null
            })
            .catch(() => false),
        { timeout: 30_000 },
      )
      .toBe(true)
  } finally {
    await release.restore()
  }
})
