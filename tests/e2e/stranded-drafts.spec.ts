import type { Page } from '@playwright/test'
import { test, expect, signIn, demo, apiLogin } from './fixtures.ts'

/** A draft as an older build kept it: a wizard whose answers had another shape than today's. */
const olderDraftState = {
  stepIndex: 3,
  answers: {
    gender: 'female',
    ageRange: '25-34',
    habits: 'HTS',
    email: 'kupac.stari@example.rs',
    comment: 'Zeli da proba ponovo',
  },
}

/** The device's database as version 2 of the app left it, with that draft of `userId` in it. */
async function writeOlderDraft(page: Page, userId: number) {
  await page.goto('/login')
  await page.evaluate(
    ({ userId, state }) =>
      new Promise<void>((resolve, reject) => {
        // Dexie's version 2 is IndexedDB's 20.
        const open = indexedDB.open('brand-expert', 20)
        open.onupgradeneeded = () => {
          const db = open.result
          const outbox = db.createObjectStore('outbox', { keyPath: 'id' })
          outbox.createIndex('userId', 'userId')
          outbox.createIndex('state', 'state')
          outbox.createIndex('createdAt', 'createdAt')
          const drafts = db.createObjectStore('drafts', { keyPath: 'userId' })
          const receipts = db.createObjectStore('receipts', { keyPath: 'id' })
          receipts.createIndex('userId', 'userId')
          receipts.createIndex('sentAt', 'sentAt')
          drafts.add({ userId, state, updatedAt: '2026-03-02T09:30:00.000Z' })
        }
        open.onsuccess = () => {
          open.result.close()
          resolve()
        }
        open.onerror = () => reject(open.error ?? new Error('not opened'))
      }),
    { userId, state: olderDraftState },
  )
}

/** How many stranded drafts the device keeps (the store this build adds). */
function strandedOnDevice(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('brand-expert')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('strandedDrafts')) return resolve(-1)
          const count = db.transaction('strandedDrafts').objectStore('strandedDrafts').count()
          count.onsuccess = () => {
            db.close()
            resolve(count.result)
          }
        }
        open.onerror = () => reject(open.error ?? new Error('not opened'))
      }),
  )
}

test('a draft an older app kept that no longer restores is offered as could not be restored, with its answers, until its author discards it', async ({
  page,
  request,
}) => {
  const agent = await apiLogin(request, demo.agent.email)
  await writeOlderDraft(page, agent.id)
  await signIn(page, demo.agent.email)
  await expect(page).toHaveURL('/')

  await page.goto('/free-guided-trial')
  const stranded = page
    .getByRole('alert')
    .filter({ hasText: 'A trial in progress could not be restored' })
  await expect(stranded).toBeVisible()
  await expect(stranded).toContainText('with an earlier version of the app')
  // Its answers, readable, to be entered again.
  for (const [path, value] of [
    ['gender', 'female'],
    ['ageRange', '25-34'],
    ['email', 'kupac.stari@example.rs'],
    ['comment', 'Zeli da proba ponovo'],
  ] as const) {
    await expect(
      stranded.getByRole('term').filter({ hasText: new RegExp(`^${path}$`) }),
    ).toHaveCount(1)
    await expect(stranded.getByRole('definition').filter({ hasText: value })).toHaveCount(1)
  }
  // A new trial starts beside it, from its first step.
  await expect(page).toHaveURL(/step=1/)

  // Kept: a reload shows it again, and the device holds it once.
  await page.reload()
  await expect(stranded).toBeVisible()
  expect(await strandedOnDevice(page)).toBe(1)

  // Discarding asks first: cancelled, nothing goes.
  page.once('dialog', (dialog) => void dialog.dismiss())
  await stranded.getByRole('button', { name: 'Discard it' }).click()
  await expect(stranded).toBeVisible()
  expect(await strandedOnDevice(page)).toBe(1)

  // Confirmed with a double click: it goes, once, with no error.
  const errors: string[] = []
  page.on('pageerror', (error) => errors.push(error.message))
  page.on('dialog', (dialog) => void dialog.accept())
  await stranded.getByRole('button', { name: 'Discard it' }).dblclick()
  await expect(stranded).toHaveCount(0)
  await expect.poll(() => strandedOnDevice(page)).toBe(0)
  await page.reload()
  await expect(page.getByText(/Step 1 of/)).toBeVisible()
  await expect(stranded).toHaveCount(0)
  expect(errors).toEqual([])
})
