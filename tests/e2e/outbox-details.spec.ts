import type { APIRequestContext, Locator, Page } from '@playwright/test'
import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  controlledByServiceWorker,
  keptOnDevice,
} from './fixtures.ts'

// Each test signs in, waits for the service worker and goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 90_000 })

const shots = process.env.SHOTS_DIR

type Rows<T> = { rows: T[]; count: number }

/**
 * Screenshots of the page (or of a part of it) in each language, for a person to look at
 * (`SHOTS_DIR`); the page is back in English afterwards. Works offline: the worker serves the app.
 */
async function shootInEachLocale(page: Page, name: string, part?: (page: Page) => Locator) {
  if (!shots) return
  for (const locale of ['en', 'me', 'sr']) {
    await page.evaluate((value) => localStorage.setItem('locale', value), locale)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
    // The lists and the panel fill in from the device's database after the first frame.
    await page.waitForTimeout(1500)
    const path = `${shots}/${name}-${locale}.png`
    if (part) await part(page).screenshot({ path })
    else await page.screenshot({ path, fullPage: true })
  }
  await page.evaluate(() => localStorage.setItem('locale', 'en'))
  await page.reload()
}

test('the outbox shows a trial finished offline with its attempts and error, then lists it as sent under its server number', async ({
  page,
  context,
  request,
}) => {
  const comment = `outbox-details-${Date.now()}`
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await keptOnDevice(page, ['stores', 'all'])
  await context.setOffline(true)
  await page.goto('/free-guided-trial/simple')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await page.getByRole('button', { name: 'Save' }).click()

  // The header's count opens the outbox.
  await page.getByRole('link', { name: /1 trial waiting/ }).click()
  await expect(page).toHaveURL('/outbox')
  const waiting = page.getByRole('list', { name: 'Waiting' }).getByRole('listitem')
  await expect(waiting).toHaveCount(1)
  await expect(waiting).toContainText('Waiting to be sent')
  await expect(waiting).toContainText('Next try')

  // "Send now" twice with no connection: one trial still waits, with what happened and what to do.
  const sendNow = page.getByRole('button', { name: 'Send now' })
  await sendNow.dblclick()
  await expect(page.getByRole('status').filter({ hasText: 'could not be sent now' })).toContainText(
    '1 trial could not be sent now',
  )
  await expect(waiting).toHaveCount(1)
  await expect(waiting).toContainText('No connection to the server.')
  await expect(waiting).toContainText(
    'It is sent by itself as soon as the device has a connection.',
  )
  await expect(
    waiting.getByText('Attempts').locator('xpath=following-sibling::dd[1]'),
  ).not.toHaveText('0')
  await expect(page.getByRole('heading', { name: 'Sent in the last 7 days' })).toBeVisible()
  await shootInEachLocale(page, 'outbox-waiting')

  await context.setOffline(false)
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })
  const { token } = await apiLogin(request, demo.admin.email)
  const trials = await apiGet<Rows<{ id: number; comment: unknown }>>(
    request,
    token,
    'questionnaire/search',
  )
  const stored = trials.rows.filter((row) => row.comment === comment)
  expect(stored).toHaveLength(1)
  const sent = page
    .getByRole('table')
    .getByRole('row')
    .filter({ hasText: `#${stored[0]?.id}` })
  await expect(sent).toHaveCount(1)
  await expect(page.getByText(/Last trial sent:/)).toBeVisible()
  await shootInEachLocale(page, 'outbox-sent')
})

/** How many distinct pack images the catalogue's HTS and RMC packs show, as the API lists them. */
async function catalogueImageCount(request: APIRequestContext): Promise<number> {
  const { token } = await apiLogin(request, demo.manager.email)
  const images = new Set<string>()
  for (const type of ['HTS', 'RMC']) {
    const families = await apiGet<Rows<{ brandFamily: string }>>(
      request,
      token,
      'packages/search',
      { family: 'true', type },
    )
    for (const { brandFamily } of families.rows) {
      const packs = await apiGet<Rows<{ src: string | null }>>(request, token, 'packages/search', {
        type,
        brandFamily,
        query: '',
      })
      for (const { src } of packs.rows) if (src) images.add(src)
    }
  }
  return images.size
}

test('the ready panel counts every pack image of the catalogue once the warm-up has cached them', async ({
  page,
  request,
}) => {
  const total = await catalogueImageCount(request)
  expect(total).toBeGreaterThan(20)
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)
  await expect
    .poll(
      () => page.evaluate(async () => (await (await caches.open('pack-images')).keys()).length),
      { timeout: 30_000 },
    )
    .toBeGreaterThanOrEqual(total)
  await page.goto('/settings')
  const panel = page.getByRole('region', { name: 'Ready for offline' })
  await expect(panel).toContainText(`${total} of ${total} kept on this device`, {
    timeout: 30_000,
  })
  await expect(panel).toContainText('App version')
  await expect(panel).toContainText(/MB of [\d.,]+ MB used/)
  await expect(panel.getByRole('button', { name: 'Download the missing images' })).toHaveCount(0)
  // Everything a day offline needs is there: the panel says so in one line.
  await expect(panel.getByRole('status')).toHaveText('This device is ready for a day offline.')
  await shootInEachLocale(page, 'ready', (shown) =>
    shown.locator('section').filter({ has: shown.locator('#ready-heading') }),
  )
})

test('a download of the pack images that meets a dropped link goes on where it stopped once the server answers', async ({
  page,
  request,
}) => {
  const total = await catalogueImageCount(request)
  // How many times each picture came whole from the server, and the requests the link refused.
  const served = new Map<string, number>()
  let refused = 0
  let linkDown = false
  let dropped = false
  await page.context().route('**/media/packs/**', async (route) => {
    if (linkDown) {
      refused += 1
      return route.abort('internetdisconnected')
    }
    const response = await route.fetch()
    const url = route.request().url()
    served.set(url, (served.get(url) ?? 0) + 1)
    // The link drops once, when a few pictures are kept: the rest meet it.
    if (served.size === 6 && !dropped) linkDown = dropped = true
    return route.fulfill({ response })
  })
  await signIn(page, demo.manager.email)
  await expect(page).toHaveURL('/')
  // The worker's first request without a connection ends its download and tells the page.
  const status = page.getByRole('banner').getByRole('link', { name: /^(Online|Offline)/ })
  await expect(status).toHaveAccessibleName(/^Offline/, { timeout: 30_000 })
  expect(refused).toBeGreaterThan(0)
  const keptBefore = served.size
  expect(keptBefore).toBeLessThan(total)

  // The link comes back: the page's probe finds the server, and the download goes on unasked.
  linkDown = false
  await expect
    .poll(
      () => page.evaluate(async () => (await (await caches.open('pack-images')).keys()).length),
      { timeout: 45_000 },
    )
    .toBeGreaterThanOrEqual(total)
  // No picture crossed the link twice: those kept before the drop were not fetched again.
  expect([...served.values()].filter((times) => times > 1)).toEqual([])
  expect(served.size).toBe(total)
})
