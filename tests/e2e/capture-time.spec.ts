import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  apiPost,
  controlledByServiceWorker,
} from './fixtures.ts'
import { unlockAfterEachLoad } from '../support/sign-in.ts'

// Signs in, waits for the service worker, goes offline and back: slow on a busy machine.
test.describe.configure({ timeout: 120_000 })

const day = 24 * 60 * 60 * 1000
/** The stores' time zone (the server's default `TIME_ZONE`). */
const storesTimeZone = 'Europe/Belgrade'

type Row = { id: number; comment: unknown; capturedAt: string; receivedAt: string }

test('two trials finished offline yesterday and sent today are stored once each, dated yesterday', async ({
  page,
  context,
  request,
  browser,
  baseURL,
}) => {
  const marker = `yesterday-${Date.now()}`
  await signIn(page, demo.managerMe.email)
  await expect(page).toHaveURL('/')
  await controlledByServiceWorker(page)

  // Yesterday, with no connection: the tablet's clock says so.
  const finishedAround = Date.now() - day
  await context.setOffline(true)
  await page.clock.setSystemTime(new Date(finishedAround))
  for (const which of ['A', 'B']) {
    await page.goto('/free-guided-trial/simple')
    await page.getByRole('textbox', { name: 'Comment' }).fill(`${marker}-${which}`)
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page).toHaveURL('/')
  }

  // Today: the clock is right again and the connection is back.
  await page.clock.setSystemTime(new Date())
  await page.reload()
  const waiting = page.getByRole('link', { name: /2 trials waiting/ })
  await expect(waiting).toBeVisible()
  await waiting.click()
  await context.setOffline(false)
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })

  const yesterday = new Intl.DateTimeFormat('en-CA', { timeZone: storesTimeZone }).format(
    new Date(finishedAround),
  )
  const { token } = await apiLogin(request, demo.admin.email)
  const found = await apiGet<{ rows: Row[] }>(request, token, 'questionnaire/search', {
    startAt: yesterday,
    endAt: yesterday,
  })
  const ours = found.rows.filter((row) => String(row.comment).startsWith(marker))
  expect(ours.map((row) => row.comment).sort()).toEqual([`${marker}-A`, `${marker}-B`])
  for (const row of ours) {
    expect(Math.abs(Date.parse(row.capturedAt) - finishedAround)).toBeLessThan(5 * 60_000)
    expect(Date.parse(row.receivedAt) - Date.parse(row.capturedAt)).toBeGreaterThan(
      day - 5 * 60_000,
    )
  }

  const report = await apiPost(request, token, 'report/generate', {
    type: 'trials',
    startAt: yesterday,
    endAt: yesterday,
  })
  const csv = await report.text()
  expect(csv).toContain(`${marker}-A`)
  expect(csv).toContain(`${marker}-B`)

  // The survey view shows the capture time (yesterday) beside the time received (today).
  const admin = await browser.newPage({ baseURL })
  unlockAfterEachLoad(admin)
  await admin.addInitScript(() => localStorage.setItem('locale', 'en'))
  await signIn(admin, demo.admin.email)
  await expect(admin).toHaveURL('/')
  const [first] = ours
  if (!first) throw new Error('no trial found')
  await admin.goto(`/surveys/${first.id}`)
  const captured = await admin.evaluate(
    (iso) =>
      new Intl.DateTimeFormat(document.documentElement.lang, {
        dateStyle: 'medium',
        timeStyle: 'short',
      }).format(new Date(iso)),
    first.capturedAt,
  )
  const details = admin.getByRole('region', { name: 'Trial details' })
  await expect(details.getByRole('definition').filter({ hasText: captured })).toHaveCount(1)
  await expect(details.getByText('Received', { exact: true })).toBeVisible()
  await admin.close()
})
