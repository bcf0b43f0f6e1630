import { sql } from 'drizzle-orm'
import { index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { stores } from './stores.ts'
import { users } from './users.ts'

/** A manager's time at a store: a row opens at check-in and closes at check-out. */
export const storeLogs = pgTable(
  'store_logs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
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
