import { sql } from 'drizzle-orm'
import { index, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { generatedId } from './columns.ts'
import { storeId } from './stores.ts'
import { userId } from './users.ts'

/** A manager's time at a store: a row opens at check-in and closes at check-out. */
export const storeLogs = pgTable(
  'store_logs',
  {
    id: generatedId(),
    userId: userId(),
    storeId: storeId(),
    loginAt: timestamp('login_at', { withTimezone: true }).notNull(),
    logoutAt: timestamp('logout_at', { withTimezone: true }),
  },
  (table) => [
    // At most one open row per user.
    uniqueIndex('store_logs_open_user_unique')
      .on(table.userId)
      .where(sql`${table.logoutAt} is null`),
    index('store_logs_store_login_index').on(table.storeId, table.loginAt),
  ],
)
