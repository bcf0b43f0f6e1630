import { and, eq, isNull, sql } from 'drizzle-orm'
import type { StoreForm } from '#contract/store-admin.ts'
import type { Database } from '../../db/database.ts'
import { visitNotes } from '../../db/schema/customers.ts'
import { storeLogs } from '../../db/schema/store-logs.ts'
import { stores } from '../../db/schema/stores.ts'
import { trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'
import { vouchers } from '../../db/schema/vouchers.ts'

export async function insertStore(db: Database, form: StoreForm, now: Date): Promise<number> {
  const [row] = await db
    .insert(stores)
    .values({ ...form, createdAt: now })
    .returning({ id: stores.id })
  if (!row) throw new Error('no store inserted')
  return row.id
}

/** Updates a store that is not archived; false when there is none. */
export async function updateStore(db: Database, id: number, form: StoreForm): Promise<boolean> {
  const rows = await db
    .update(stores)
    .set(form)
    .where(and(eq(stores.id, id), isNull(stores.archivedAt)))
    .returning({ id: stores.id })
  return rows.length > 0
}

/** Whether anything refers to the store: store logs, trials, used vouchers or visit notes. */
async function hasHistory(db: Database, id: number): Promise<boolean> {
  const [row] = await db
    .select({
      history: sql<boolean>`exists (select 1 from ${storeLogs} where ${storeLogs.storeId} = ${id})
      or exists (select 1 from ${trials} where ${trials.storeId} = ${id})
      or exists (select 1 from ${vouchers} where ${vouchers.usedInStoreId} = ${id})
      or exists (select 1 from ${visitNotes} where ${visitNotes.storeId} = ${id})`,
    })
    .from(sql`(select 1) as one`)
  return row?.history === true
}

/**
 * Deletes a store that is not archived, or archives it when it has history (which is never
 * lost): its managers are checked out either way. Null when there is no such store.
 */
export function deleteOrArchiveStore(
  db: Database,
  id: number,
  now: Date,
): Promise<{ archived: boolean } | null> {
  return db.transaction(async (tx) => {
    const [store] = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.id, id), isNull(stores.archivedAt)))
      .for('update')
    if (!store) return null
    await tx
      .update(storeLogs)
      .set({ logoutAt: now })
      .where(and(eq(storeLogs.storeId, id), isNull(storeLogs.logoutAt)))
    await tx.update(users).set({ expertStoreId: null }).where(eq(users.expertStoreId, id))
    if (await hasHistory(tx, id)) {
      await tx.update(stores).set({ archivedAt: now }).where(eq(stores.id, id))
      return { archived: true }
    }
    await tx.delete(stores).where(eq(stores.id, id))
    return { archived: false }
  })
}
