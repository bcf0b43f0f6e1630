import Dexie from 'dexie'
import { createAtom } from '@tanstack/react-store'
import type { OfflineDatabase } from './database.ts'
import type { OutboxItem } from './outbox/outbox-state.ts'

/**
 * Why the device's database could not be opened at this build's version (an upgrade that threw,
 * a newer version already there), or null. The failed upgrade changed nothing (IndexedDB undoes
 * it with its transaction), so the outbox is still there as the previous build kept it.
 */
export const databaseProblem = createAtom<Error | null>(null)

function noteProblem(error: Error): void {
  if (databaseProblem.get()?.message === error.message) return
  console.error('The device database could not be opened', error)
  databaseProblem.set(error)
}

/** Errors that mean the database never opened at this version (not a failed read). */
const openFailures = new Set([
  'DatabaseClosedError',
  'OpenFailedError',
  'UpgradeError',
  'VersionError',
])

function isOpenFailure(error: unknown): error is Error {
  return error instanceof Dexie.DexieError && openFailures.has(error.name)
}

/** What a failed open says: the error the upgrade threw, when Dexie wraps it. */
function causeOf(error: Error): Error {
  return error instanceof Dexie.DexieError && error.inner instanceof Error ? error.inner : error
}

/**
 * This user's queued trials, oldest first. When the database cannot be opened at this version,
 * they are read as they are stored (the database opened at whatever version it has, with no
 * upgrade) and the problem is noted for the screens to show: a failed upgrade hides nothing and
 * deletes nothing.
 */
export async function readOutbox(db: OfflineDatabase, userId: number): Promise<OutboxItem[]> {
  try {
    return await db.outbox.where('userId').equals(userId).sortBy('createdAt')
  } catch (error) {
    if (!isOpenFailure(error)) throw error
    noteProblem(causeOf(error))
    const { readOutboxAsStored } = await import('./outbox/read-as-stored.ts')
    return readOutboxAsStored(db.name, userId)
  }
}

/** How many trials of this user wait, counted as `readOutbox` reads them. */
export async function countOutbox(db: OfflineDatabase, userId: number): Promise<number> {
  try {
    return await db.outbox.where('userId').equals(userId).count()
  } catch (error) {
    if (!isOpenFailure(error)) throw error
    noteProblem(causeOf(error))
    const { readOutboxAsStored } = await import('./outbox/read-as-stored.ts')
    return (await readOutboxAsStored(db.name, userId)).length
  }
}
