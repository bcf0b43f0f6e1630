import { and, count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { StoreLogRow } from '#contract/store-admin.ts'
import { pageSize } from '#contract/http.ts'
import type { Database } from '../../db/database.ts'
import { withinDays } from '../../db/day-range.ts'
import { storeLogs } from '../../db/schema/store-logs.ts'
import { stores } from '../../db/schema/stores.ts'
import { trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'

export type StoreLogFilter = {
  user?: number | undefined
  store?: number | undefined
  startAt?: string | undefined
  endAt?: string | undefined
}

/** Logs of `user` at `store` whose login falls within the days asked for. */
export function storeLogWhere(filter: StoreLogFilter, timeZone: string): SQL | undefined {
  return and(
    filter.user === undefined ? undefined : eq(storeLogs.userId, filter.user),
    filter.store === undefined ? undefined : eq(storeLogs.storeId, filter.store),
    ...withinDays(storeLogs.loginAt, filter, timeZone),
  )
}

/**
 * A log's columns: the end is the logout, or `now` while it is open; the inputs are the trials
 * the user captured at that store from the login up to the end (docs/behaviour.md#capture-time).
 */
export function storeLogColumns(now: Date) {
  const end = sql`coalesce(${storeLogs.logoutAt}, ${now.toISOString()}::timestamptz)`
  return {
    id: storeLogs.id,
    userId: storeLogs.userId,
    name: users.fullname,
    email: users.email,
    storeId: storeLogs.storeId,
    storeName: stores.name,
    loginAt: storeLogs.loginAt,
    logoutAt: storeLogs.logoutAt,
    totalMinutes: sql<number>`greatest(0, floor(extract(epoch from (${end} - ${storeLogs.loginAt})) / 60))::int`,
    inputs: sql<number>`(select count(*) from ${trials}
      where ${trials.userId} = ${storeLogs.userId} and ${trials.storeId} = ${storeLogs.storeId}
      and ${trials.capturedAt} >= ${storeLogs.loginAt} and ${trials.capturedAt} <= ${end})::int`,
  }
}

export function selectStoreLogs(db: Database, now: Date) {
  return db
    .select(storeLogColumns(now))
    .from(storeLogs)
    .innerJoin(users, eq(users.id, storeLogs.userId))
    .innerJoin(stores, eq(stores.id, storeLogs.storeId))
}

/** `GET /store/log`: newest login first, 20 a page. */
export async function searchStoreLogs(
  db: Database,
  filter: StoreLogFilter & { page: number },
  timeZone: string,
  now: Date,
): Promise<{ rows: StoreLogRow[]; count: number }> {
  const where = storeLogWhere(filter, timeZone)
  const rows = await selectStoreLogs(db, now)
    .where(where)
    .orderBy(desc(storeLogs.loginAt), desc(storeLogs.id))
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(storeLogs).where(where)
  return {
    rows: rows.map(({ email: _email, ...row }) => ({
      ...row,
      loginAt: row.loginAt.toISOString(),
      logoutAt: row.logoutAt?.toISOString() ?? null,
    })),
    count: total?.count ?? 0,
  }
}

/** Closes the user's open store log (if any): they left the store, or it is no longer theirs. */
export async function closeOpenLog(db: Database, userId: number, now: Date) {
  await db
    .update(storeLogs)
    .set({ logoutAt: now })
    .where(and(eq(storeLogs.userId, userId), isNull(storeLogs.logoutAt)))
}
