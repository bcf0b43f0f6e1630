import { and, eq, isNull } from 'drizzle-orm'
import type { ExpertStore } from '#contract/auth.ts'
import type { Database } from '../../db/database.ts'
import { storeLogs } from '../../db/schema/store-logs.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { closeOpenLog } from '../stores/log-queries.ts'

/** Locks the user's row, so that one user's check-ins and check-outs run one at a time. */
async function lockUser(db: Database, userId: number) {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
}

/**
 * Checks the manager in to a store that is not archived: closes the open store log (if any),
 * opens one for the store and makes it the expert store. Null when there is no such store.
 */
export function checkIn(
  db: Database,
  userId: number,
  storeId: number,
  now: Date,
): Promise<ExpertStore | null> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    const [store] = await tx
      .select({ id: stores.id, name: stores.name, country: stores.country })
      .from(stores)
      .where(and(eq(stores.id, storeId), isNull(stores.archivedAt)))
    if (!store) return null
    await closeOpenLog(tx, userId, now)
    await tx.insert(storeLogs).values({ userId, storeId, loginAt: now })
    await tx.update(users).set({ expertStoreId: storeId }).where(eq(users.id, userId))
    return store
  })
}

/** Closes the open store log (if any) and clears the expert store. */
export function checkOut(db: Database, userId: number, now: Date): Promise<void> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId)
    await closeOpenLog(tx, userId, now)
    await tx.update(users).set({ expertStoreId: null }).where(eq(users.id, userId))
  })
}
