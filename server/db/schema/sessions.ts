import { sql } from 'drizzle-orm'
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { userId } from './users.ts'

/**
 * Signed-in sessions (docs/behaviour.md#sessions): a token names its session (`sid`), and every
 * request reads the session with its user, so that a session ended here is refused at once by every
 * process. `expires_at` follows the newest token issued for it (`GET /me` issues a fresh one).
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: userId(),
    /** Remember-me: a 30-day token kept on the device; else 12 hours, gone with the tab. */
    remembered: boolean('remembered').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Updated at most once a minute, by the request that finds it older. */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    clientAddress: text('client_address').notNull(),
    userAgent: text('user_agent').notNull(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it ended: signOut, revoked, passwordChanged, passwordReset, userDeleted,
     * restored (every session, by a restore from a backup). */
    endReason: text('end_reason'),
  },
  (table) => [
    index('sessions_user_active_index')
      .on(table.userId, table.expiresAt)
      .where(sql`${table.endedAt} is null`),
  ],
)
