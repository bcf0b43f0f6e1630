import type { BrowserContext, Page } from '@playwright/test'
import { releaseWorker } from '../support/release-worker.ts'
import { demoPin } from '../support/sign-in.ts'
import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  servedBuild,
  controlledByServiceWorker,
  acceptUpdate,
  keptOnDevice,
  openKeptCustomer,
} from './fixtures.ts'

// Each test signs in, waits for the service worker and goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 90_000 })

test('with no connection a reload of an app screen still shows the app', async ({
  page,
  context,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  // Wait until the service worker has precached the shell and controls the page.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true)

  await context.setOffline(true)
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible()
  await page.reload()
  await expect(page.getByRole('link', { name: /^Hello, / })).toBeVisible()
  await context.setOffline(false)
})

type Rows<T> = { rows: T[]; count: number }

test('two trials finished with no connection reach the server exactly once when it returns', async ({
  page,
  context,
  request,
}) => {
  const marker = `offline-${Date.now()}`
  await signIn(page, demo.managerMe.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)

  await context.setOffline(true)
  for (const which of ['A', 'B']) {
    await page.goto('/free-guided-trial/simple')
    await page.getByRole('textbox', { name: 'Comment' }).fill(`${marker}-${which}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL('/')
  }
  await page.reload()
  const waiting = page.getByRole('link', { name: /2 trials waiting/ })
  await expect(waiting).toBeVisible()
  await waiting.click()
  await expect(page.getByText('Waiting to be sent', { exact: true })).toHaveCount(2)

  await context.setOffline(false)
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 20_000,
  })

  const { token } = await apiLogin(request, demo.admin.email)
  const trials = await apiGet<Rows<{ comment: unknown }>>(request, token, 'questionnaire/search')
  const ours = trials.rows
    .map((row) => row.comment)
    .filter((comment) => String(comment).startsWith(marker))
  expect(ours.sort()).toEqual([`${marker}-A`, `${marker}-B`])
})

test('the HTS step shows the pack images with no connection', async ({ page, context }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  // After sign-in the app asks the worker for every pack image.
  await expect
    .poll(
      () => page.evaluate(async () => (await (await caches.open('pack-images')).keys()).length),
      {
        timeout: 20_000,
      },
    )
    .toBeGreaterThan(20)

  await context.setOffline(true)
  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female' }).click()
  await page.getByRole('radio', { name: '35–44' }).click()
  await page.getByRole('button', { name: 'Heated tobacco (HTS)' }).click()
  await page.getByRole('button', { name: 'Next' }).click()
  await page.getByRole('combobox', { name: 'Brand family' }).fill('Vel')
  await page.getByRole('option', { name: 'Velora' }).click()
  const rose = page
    .getByRole('group', { name: 'Packs of Velora' })
    .getByRole('img', { name: 'Velora Rose' })
  await expect(rose).toBeVisible()
  await expect
    .poll(() => rose.evaluate((image: HTMLImageElement) => image.naturalWidth))
    .toBeGreaterThan(0)
})

test('a customer opened online opens again with no connection', async ({ page, context }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await page.goto('/customers')
  const { name, url } = await openKeptCustomer(page)

  await context.setOffline(true)
  await page.goto(url)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name)
})

test('the app meets Chromium’s installability criteria', async ({ page, context }) => {
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  const cdp = await context.newCDPSession(page)
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
  // Playwright's browser contexts are incognito-like; that is the test's, not the app's.
  expect(installabilityErrors.filter((error) => error.errorId !== 'in-incognito')).toEqual([])
  const manifest: unknown = await (await page.request.get('/manifest.webmanifest')).json()
  expect(manifest).toMatchObject({ display: 'standalone', start_url: '/' })
  // The page and the sign-in page name the manifest once each.
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
  await page.goto('/login')
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1)
})

test('with no connection, a consumer not kept on the device says at once that it needs one', async ({
  page,
  context,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.goto('/customers/1999')
  await expect(page.getByRole('heading', { level: 1, name: 'No connection' })).toBeVisible({
    timeout: 2_500,
  })
  await expect(page.getByText('This needs a connection')).toBeVisible()
  // Inside the app: the header and its way home stay.
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'the trials waiting' })).toBeVisible()

  await page.goto('/customers?query=Markovi%C4%87')
  await expect(page.getByText('This needs a connection')).toBeVisible({ timeout: 2_500 })
  await expect(page.getByText('Loading…')).toHaveCount(0)
})

test('an unfinished trial survives a reload and resumes where it was', async ({ page }) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female' }).click()
  await page.getByRole('radio', { name: '35–44' }).click()
  await page.getByRole('button', { name: 'Heated tobacco (HTS)' }).click()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Heated tobacco (HTS)' })).toHaveAttribute(
    'aria-pressed',
    'true',
  )
  await page.getByRole('button', { name: 'Back' }).click()
  await expect(page.getByRole('radio', { name: '35–44' })).toBeChecked()
})

/**
 * An agent signs in, the app becomes ready for offline use, the connection goes, and a simple trial
 * is finished: it waits in the outbox (the header says so). The page is left offline.
 */
async function queueTrialOffline(page: Page, context: BrowserContext) {
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await keptOnDevice(page, ['stores', 'all'])
  await context.setOffline(true)
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(`queued-${Date.now()}`)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
}

test('logging out with an unsent trial asks first, and the trial waits for the next sign-in', async ({
  page,
  context,
}) => {
  await queueTrialOffline(page, context)

  await page.getByRole('button', { name: 'Log out' }).click()
  const dialog = page.getByRole('dialog', { name: 'Log out with unsent trials?' })
  await expect(dialog).toContainText('sent as soon as there is a connection')
  await dialog.getByRole('button', { name: 'Log out' }).click()
  await expect(page).toHaveURL('/login')

  await context.setOffline(false)
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  await page.goto('/outbox')
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 20_000,
  })
})

test('opening the sign-in page with an unsent trial asks nothing: the user steps away, the trial and their name stay', async ({
  page,
  context,
}) => {
  await queueTrialOffline(page, context)

  await page.goto('/login')
  await expect(page.getByRole('heading', { name: 'Welcome' })).toBeVisible()
  await expect(page.getByRole('dialog')).toHaveCount(0)
  expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull()
  // Not signed out: their name opens their app again with their PIN, the trial still waiting.
  await page.getByRole('region', { name: 'Who is working?' }).getByRole('button').click()
  await page.getByLabel('PIN', { exact: true }).fill(demoPin)
  await page.getByRole('button', { name: 'Unlock', exact: true }).click()
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  const waiting = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const opening = indexedDB.open('brand-expert')
        opening.onsuccess = () => {
          const count = opening.result.transaction('outbox').objectStore('outbox').count()
          count.onsuccess = () => resolve(count.result)
        }
      }),
  )
  expect(waiting).toBe(1)
})

test('"Send now" with no connection says the trial stays on the device and will be sent', async ({
  page,
  context,
}) => {
  await queueTrialOffline(page, context)
  await page.getByRole('link', { name: /1 trial waiting/ }).click()
  await page.getByRole('button', { name: 'Send now' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'could not be sent now' })).toContainText(
    '1 trial could not be sent now: it stays on this device',
  )
})

test('the outbox screen never says every trial reached the server before reading the device', async ({
  page,
  context,
}) => {
  await queueTrialOffline(page, context)

  // Everything the screen shows from its first frame on, until the queued trial is listed.
  await page.addInitScript(() => {
    const seen: string[] = []
    Object.assign(window, { shownTexts: seen })
    new MutationObserver(() => seen.push(document.documentElement.innerText)).observe(document, {
      childList: true,
      subtree: true,
      characterData: true,
    })
  })
  await page.goto('/outbox')
  await expect(page.getByText('Waiting to be sent', { exact: true })).toBeVisible()
  const shown = await page.evaluate(() =>
    'shownTexts' in window && Array.isArray(window.shownTexts) ? window.shownTexts.join('\n') : '',
  )
  expect(shown).toContain('Waiting to be sent')
  expect(shown).not.toContain('Every finished trial has reached the server.')
  await context.setOffline(false)
})

test('a new version waits for the user, never interrupts a trial, and loads when accepted', async ({
  page,
}) => {
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)

  await page.goto('/free-guided-trial')
  await page.getByRole('radio', { name: 'Female' }).click()
  // A new release on the server (Playwright cannot route a service worker's own update check, so
  // the worker the server serves changes, with its compressed copies), found when the app regains
  // focus. It stays there until the new version has taken over, as a release does: put back
  // earlier, the old worker is a newer one to the browser's next check, which installs it to wait
  // in place of the accepted one.
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
        // Installing the new worker checks the whole precache: slow on a busy machine.
        { timeout: 30_000 },
      )
      .toBe(true)
    const banner = page
      .getByRole('status')
      .filter({ hasText: 'A new version of the app is available.' })
    await expect(page.getByRole('heading', { level: 2, name: 'Age group' })).toBeVisible()
    await expect(banner).toHaveCount(0)

    // Out of the trial, the waiting version is offered.
    await page.goto('/')
    await expect(banner).toBeVisible()
    // Pressed twice, as an impatient user does: one update, one reload.
    await acceptUpdate(page, banner.getByRole('button', { name: 'Reload now' }), { twice: true })
    await expect(banner).toHaveCount(0)
  } finally {
    await release.restore()
  }
})

test('when this build cannot update the device database, the trials kept there are shown as they were, with the error', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, demo.agent.email)
  // The update's upgrade fails in this browser: it cannot create the store the new version adds.
  await page.addInitScript(() => {
    const { prototype } = IDBDatabase
    // Called below with the database it belongs to, as the browser would.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const create = prototype.createObjectStore
    prototype.createObjectStore = function (name, options) {
      if (name === 'strandedDrafts') throw new DOMException('No room for a new store', 'AbortError')
      return create.call(this, name, options)
    }
  })
  // The device's database as the previous build (version 2) left it, with a trial waiting.
  await page.goto('/login')
  await page.evaluate(
    (userId) =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('brand-expert', 20)
        open.onupgradeneeded = () => {
          const db = open.result
          const outbox = db.createObjectStore('outbox', { keyPath: 'id' })
          outbox.createIndex('userId', 'userId')
          outbox.createIndex('state', 'state')
          outbox.createIndex('createdAt', 'createdAt')
          db.createObjectStore('drafts', { keyPath: 'userId' })
          const receipts = db.createObjectStore('receipts', { keyPath: 'id' })
          receipts.createIndex('userId', 'userId')
          receipts.createIndex('sentAt', 'sentAt')
          outbox.add({
            id: '0b6f4f1e-0000-4000-8000-000000000001',
            userId,
            createdAt: new Date().toISOString(),
            body: { store_id: 1, comment: 'kept through a failed update' },
            state: 'needs-login',
            attempts: 1,
            nextAttemptAt: 0,
            error: null,
          })
        }
        open.onsuccess = () => {
          open.result.close()
          resolve()
        }
        open.onerror = () => reject(open.error ?? new Error('not opened'))
      }),
    agent.id,
  )

  await signIn(page, demo.agent.email)
  const notUpdated = page.getByRole('link', { name: /Trials not updated/ })
  await expect(notUpdated).toBeVisible({ timeout: 20_000 })
  // Within the app: a reload would ask for a PIN this device has no database to keep.
  await notUpdated.click()
  const alert = page.getByRole('alert').filter({ hasText: 'could not update the trials' })
  await expect(alert).toContainText('Nothing was deleted')
  await expect(alert).toContainText('Error:')
  await expect(page.getByText("Needs its author's sign-in")).toBeVisible()
  await expect(page.getByRole('button', { name: 'Export to a file' })).toBeVisible()
})
