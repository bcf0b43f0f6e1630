import type { OutboxItem } from '../../src/offline/outbox/outbox-state.ts'
import type { Page } from '@playwright/test'

/**
 * The app's IndexedDB outbox read and filled straight from the page, as the outbox benchmarks and
 * the soak need it: rows written exactly as `enqueueTrial` writes them, and counted as the app's
 * Dexie table holds them.
 */

export const databaseName = 'brand-expert'

export type OutboxCount = { waiting: number; failed: number; total: number }

/** Counts this user's outbox rows straight from IndexedDB (what the app's Dexie table holds). */
export function outboxCount(page: Page, userId: number): Promise<OutboxCount> {
  return page.evaluate(
    ({ name, user }) =>
      new Promise<OutboxCount>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onerror = () => reject(new Error(String(opening.error)))
        opening.onsuccess = () => {
          const db = opening.result
          const rows = db.transaction('outbox').objectStore('outbox').index('userId').getAll(user)
          rows.onerror = () => reject(new Error(String(rows.error)))
          rows.onsuccess = () => {
            const states: unknown[] = rows.result.map((row: unknown) =>
              typeof row === 'object' && row !== null && 'state' in row ? row.state : null,
            )
            db.close()
            resolve({
              waiting: states.filter((state) => state === 'waiting' || state === 'needs-login')
                .length,
              failed: states.filter((state) => state === 'failed').length,
              total: states.length,
            })
          }
        }
      }),
    { name: databaseName, user: userId },
  )
}

/** Adds the rows in one transaction to the database the app has already created. */
export async function enqueue(page: Page, items: OutboxItem[]) {
  await page.evaluate(
    ({ name, rows }) =>
      new Promise<void>((resolve, reject) => {
        const opening = indexedDB.open(name)
        opening.onerror = () => reject(new Error(String(opening.error)))
        opening.onsuccess = () => {
          const db = opening.result
          const transaction = db.transaction('outbox', 'readwrite')
          const store = transaction.objectStore('outbox')
          for (const row of rows) store.add(row)
          transaction.oncomplete = () => {
            db.close()
            resolve()
          }
          transaction.onerror = () => reject(new Error(String(transaction.error)))
        }
      }),
    { name: databaseName, rows: items },
  )
}
