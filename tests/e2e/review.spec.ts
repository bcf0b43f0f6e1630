import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { idempotencyHeader } from '../../src/contract/http.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import {
  test,
  expect,
  signIn,
  demo,
  apiLogin,
  apiGet,
  apiPost,
  apiPostTrial,
  adminPage,
} from './fixtures.ts'
import { answerUpToContact, enterValidContact } from './trial-driver.ts'

type Store = { id: number; name: string }
type Row = { id: number; possibleDuplicateOf: number | null; comment: unknown }
type Detail = { revision: number; revisions: unknown[] }

/** A day as the date fields take it: dd/mm/yyyy. */
function typedDay(date: Date): string {
  const [year, month, day] = date.toISOString().slice(0, 10).split('-')
  return `${day}/${month}/${year}`
}

/** The dashboard's count of trials at a store, this month. */
async function dashboardCount(page: Page, store: string): Promise<number> {
  await page.goto('/dashboard')
  const bars = page.getByRole('figure', { name: 'Trials per store' }).getByRole('listitem')
  // The figures load after the heading; every test here has a trial this month.
  await expect(bars.first()).toBeVisible()
  const bar = bars.filter({ has: page.getByText(store, { exact: true }) })
  if ((await bar.count()) === 0) return 0
  return Number((await bar.locator('span').last().innerText()).replace(/\D/g, ''))
}

/** The trials report's CSV rows since yesterday, each as its text; rejected ones on request. */
async function exportedRows(page: Page, includeRejected = false): Promise<string[]> {
  await page.goto('/reports')
  await page.getByRole('combobox', { name: 'Report' }).selectOption({ label: 'Trials' })
  await page.getByLabel('From').fill(typedDay(new Date(Date.now() - 24 * 60 * 60_000)))
  if (includeRejected) {
    await page.getByRole('checkbox', { name: 'Include rejected trials, with their review' }).check()
  }
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download' }).click()
  const text = await readFile(await (await download).path(), 'utf8')
  return text.split(/\r?\n/).filter((line) => /^\d/.test(line))
}

test('an admin rejects a duplicate and corrects a store; the counts, the export and the expert follow', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // Two browsers, a trial through the wizard, the dashboard and the export twice.
  test.setTimeout(90_000)
  const agent = await apiLogin(request, demo.agent.email)
  const first = await apiGet<Store>(request, agent.token, 'store/1')
  const second = await apiGet<Store>(request, agent.token, 'store/2')
  const marker = `review-${Date.now()}`
  const email = `${marker}@example.com`
  const phone = '+381641234569'
  // A trial of this customer at the first store, then the same on the agent's tablet: a duplicate.
  const answers = guidedAnswers()
  await apiPost(
    request,
    agent.token,
    'free-guided/form',
    trialBody(first.id, { ...answers, email: { ...answers.email, email, phone } }),
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  await signIn(page, demo.agent.email)
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('combobox', { name: 'Store' }).fill(first.name)
  await page.getByRole('option').filter({ hasText: first.name }).first().click()
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
  await page.goto('/outbox')
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })

  const admin = await apiLogin(request, demo.admin.email)
  const flagged = await apiGet<{ rows: Row[] }>(request, admin.token, 'questionnaire/search', {
    flag: 'duplicate',
  })
  const duplicate = flagged.rows.find((row) => JSON.stringify(row.comment).includes(marker))
  expect(duplicate?.possibleDuplicateOf).not.toBeNull()
  const duplicateId = duplicate?.id ?? 0
  const misfiled = await apiPostTrial(request, agent.token, `${marker}: filed at the wrong store`)

  const adminTab = await adminPage(browser, baseURL)
  const before = {
    first: await dashboardCount(adminTab, first.name),
    second: await dashboardCount(adminTab, second.name),
  }
  expect((await exportedRows(adminTab)).some((row) => row.startsWith(`${duplicateId},`))).toBe(true)

  // The queue, on duplicates: the tablet's trial is there; its page decides.
  await adminTab
    .getByRole('navigation', { name: 'Administration' })
    .getByRole('link', { name: 'Review' })
    .click()
  await adminTab
    .getByRole('combobox', { name: 'Flag' })
    .selectOption({ label: 'Possible duplicate' })
  await adminTab.getByRole('button', { name: 'Apply' }).click()
  await expect(adminTab).toHaveURL(/flag=duplicate/)
  const row = adminTab.getByRole('row').filter({ hasText: `#${duplicateId}` })
  await expect(row).toContainText('Possible duplicate')
  await row.getByRole('link').click()
  await expect(adminTab).toHaveURL(`/surveys/${duplicateId}`)

  const reviews: string[] = []
  adminTab.on('request', (sent) => {
    if (sent.method() === 'POST' && sent.url().endsWith('/questionnaire/review'))
      reviews.push(sent.headers()[idempotencyHeader.toLowerCase()] ?? '')
  })
  await adminTab
    .getByRole('combobox', { name: 'Reason to reject' })
    .selectOption({ label: 'Duplicate' })
  await adminTab.getByRole('button', { name: 'Reject' }).dblclick()
  const review = adminTab.getByRole('region', { name: 'Review', exact: true })
  await expect(review).toContainText('Rejected: Duplicate')
  expect(new Set(reviews).size).toBe(1)
  const rejected = await apiGet<Detail>(request, admin.token, `questionnaire/${duplicateId}`)
  expect(rejected.revision).toBe(2)
  expect(rejected.revisions).toHaveLength(2)
  const history = adminTab.getByRole('region', { name: 'History' })
  await expect(history.getByRole('listitem')).toHaveCount(2)
  await expect(history).toContainText('Revision 2: Decision')

  // Another trial, filed at the wrong store: corrected, the original kept and shown.
  await adminTab.goto(`/surveys/${misfiled}`)
  await adminTab.getByRole('combobox', { name: 'Store' }).fill(second.name)
  await adminTab.getByRole('option').filter({ hasText: second.name }).first().click()
  await adminTab
    .getByRole('combobox', { name: 'Reason for the correction' })
    .selectOption({ label: 'Entered at the wrong store' })
  await adminTab.getByRole('button', { name: 'Save the correction' }).click()
  await expect(adminTab.getByRole('region', { name: 'History' })).toContainText(
    `Store: ${first.name} → ${second.name}`,
  )
  await expect(adminTab.getByRole('region', { name: 'Trial details' })).toContainText(second.name)
  await expect(adminTab.getByRole('region', { name: 'As received' })).toContainText(first.name)

  // The dashboard and the export count neither the rejected trial nor the first store's misfiled one.
  expect(await dashboardCount(adminTab, first.name)).toBe(before.first - 2)
  expect(await dashboardCount(adminTab, second.name)).toBe(before.second + 1)
  const rows = await exportedRows(adminTab)
  expect(rows.some((line) => line.startsWith(`${duplicateId},`))).toBe(false)
  expect(rows.find((line) => line.startsWith(`${misfiled},`))).toContain(second.name)
  // Asked for, the rejected trial is there with its review.
  const withRejected = await exportedRows(adminTab, true)
  expect(withRejected.find((line) => line.startsWith(`${duplicateId},`))).toContain(
    'Rejected: Duplicate',
  )

  // The agent's tablet: the Sent list says why the trial was rejected.
  await page.goto('/outbox')
  await expect(page.getByRole('row').filter({ hasText: `#${duplicateId}` })).toContainText(
    'Rejected: Duplicate',
  )
})

test('two admins decide one trial at once: the second is told, sees the new state and keeps the reason chosen', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, demo.agent.email)
  const id = await apiPostTrial(request, agent.token, `Two admins e2e ${Date.now()}`)
  await signIn(page, demo.admin.email)
  await expect(page).toHaveURL('/')
  await page.goto(`/surveys/${id}`)
  const reason = page.getByRole('combobox', { name: 'Reason to reject' })
  await reason.selectOption({ label: 'Test or training' })

  // Another admin accepts it first.
  const other = await apiLogin(request, demo.super.email)
  await apiPost(
    request,
    other.token,
    'questionnaire/review',
    { id, revision: 1, state: 'accepted' },
    { [idempotencyHeader]: crypto.randomUUID() },
  )
  await page.getByRole('button', { name: 'Reject' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: 'Someone else changed this trial' }),
  ).toBeVisible()
  const review = page.getByRole('region', { name: 'Review', exact: true })
  await expect(review).toContainText('Accepted')
  await expect(reason).toHaveValue('test')

  // Decided again, on the new revision.
  await page.getByRole('button', { name: 'Reject' }).click()
  await expect(review).toContainText('Rejected: Test or training')
  const detail = await apiGet<Detail>(request, other.token, `questionnaire/${id}`)
  expect(detail.revision).toBe(3)
})
