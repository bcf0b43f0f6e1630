import type { Page } from '@playwright/test'
import { demoPin } from '../support/sign-in.ts'
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

// Two people, a wizard, the server out of reach and back: longer than one sign-in.
test.describe.configure({ timeout: 120_000 })
// The test meets the lock screen itself: who unlocks is the point.
test.use({ unlockOnLoad: false })

type Rows<T> = { rows: T[]; count: number }

const lockHeading = (page: Page) => page.getByRole('heading', { name: 'The app is locked' })

async function enterPin(page: Page) {
  await page.getByLabel('PIN', { exact: true }).fill(demoPin)
  await page.getByRole('button', { name: 'Unlock', exact: true }).click()
}

/** A simple trial, saved on the device (the server out of reach); a manager's is at their store. */
async function saveSimpleTrial(page: Page, comment: string, choosesStore: boolean) {
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await page.getByRole('link', { name: /simple trial/ }).click()
  if (choosesStore) {
    await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
    await page.getByRole('option').first().click()
  }
  await page.getByRole('textbox', { name: 'Comment' }).fill(comment)
  await page.getByRole('button', { name: 'Save' }).click()
}

/** What the device's database holds, as text, store by store (read in the page). */
function deviceRows(page: Page) {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const opening = indexedDB.open('brand-expert')
        opening.onerror = () => reject(opening.error ?? new Error('not opened'))
        opening.onsuccess = () => {
          const db = opening.result
          const names = ['drafts', 'keptRecords', 'vaults', 'outbox']
          const transaction = db.transaction(names)
          const rows: Record<string, string> = {}
          for (const name of names) {
            const request = transaction.objectStore(name).getAll()
            request.onsuccess = () => {
              rows[name] = JSON.stringify(request.result, (_, value: unknown) =>
                value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? '[bytes]' : value,
              )
            }
          }
          transaction.oncomplete = () => {
            db.close()
            resolve(rows)
          }
        }
      }),
  )
}

test('two experts share a tablet with the server out of reach: each opens their own with their PIN, finds their draft, and each trial arrives once under its author', async ({
  page,
  context,
  request,
}) => {
  const marker = Date.now()
  await page.clock.install()
  // Both have used this tablet before: the manager first, then the agent.
  await signIn(page, demo.manager.email)
  await expect(page.getByRole('banner')).toBeVisible()
  await signIn(page, demo.agent.email)
  await controlledByServiceWorker(page)
  await keptOnDevice(page, ['stores', 'all'])
  await context.setOffline(true)

  // The agent saves a trial, then starts a guided one and leaves it at its second step.
  await saveSimpleTrial(page, `agent ${marker}`, true)
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  await page.goto('/free-guided-trial')
  await page.getByRole('combobox', { name: 'Store' }).fill('Beo')
  await page.getByRole('option').first().click()
  const gender = page.getByRole('heading', { name: /gender/i })
  await expect(gender).toBeVisible()

  // The shift changes: the app locks for want of use, and the manager takes it with their PIN.
  await page.clock.runFor('15:10')
  await expect(lockHeading(page)).toBeVisible()
  const others = page.getByRole('region', { name: 'Someone else?' }).getByRole('button')
  await expect(others).toHaveCount(1)
  await others.click()
  await expect(lockHeading(page)).toBeVisible()
  await enterPin(page)
  await expect(page.getByRole('banner')).toBeVisible()
  // Not the agent's wizard, nor their waiting trial: the manager's own app.
  await expect(gender).toHaveCount(0)
  await expect(page.getByRole('link', { name: /trial waiting/ })).toHaveCount(0)
  await saveSimpleTrial(page, `manager ${marker}`, false)
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()

  // Each one's records are sealed under their own key: no one's words are there in the clear.
  const rows = await deviceRows(page)
  expect(rows.drafts).not.toContain('male')
  expect(rows.keptRecords).not.toContain(demo.manager.email)
  expect(rows.keptRecords).not.toContain(demo.agent.email)
  expect(JSON.parse(rows.vaults ?? '[]')).toHaveLength(2)

  // The agent comes back: their name on the lock screen, their PIN, their wizard where they left it.
  await page.clock.runFor('05:10')
  await expect(lockHeading(page)).toBeVisible()
  await page.getByRole('region', { name: 'Someone else?' }).getByRole('button').click()
  await enterPin(page)
  await expect(page.getByRole('link', { name: /1 trial waiting/ })).toBeVisible()
  await page.getByRole('link', { name: 'Start a free guided trial' }).click()
  await expect(gender).toBeVisible()

  // Back online: each trial arrives once, under the one who made it (a reload within the lock's
  // time asks for no PIN).
  await context.setOffline(false)
  await page.goto('/outbox')
  await expect(page.getByText('Every finished trial has reached the server.')).toBeVisible({
    timeout: 30_000,
  })
  const admin = (await apiLogin(request, demo.admin.email)).token
  for (const [account, author] of [
    [demo.agent.email, 'agent'],
    [demo.manager.email, 'manager'],
  ] as const) {
    const { id } = await apiLogin(request, account)
    const trials = await apiGet<Rows<{ comment: unknown }>>(
      request,
      admin,
      'questionnaire/search',
      {
        user: String(id),
      },
    )
    const mine = trials.rows.filter((row) => JSON.stringify(row.comment).includes(String(marker)))
    expect(mine.map((row) => row.comment)).toEqual([`${author} ${marker}`])
  }
})
