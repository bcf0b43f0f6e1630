import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { generatedId } from './columns.ts'
import { users } from './users.ts'

/**
 * The remote actions on tablets (docs/behaviour.md#remote-actions): issued by an admin for one
 * device id, delivered with the answers to the device's heartbeats while `waiting`, and ended by
 * the tablet's acknowledgement (`done`, `failed`), an admin's cancel, or its `expires_at` (never for
 * a wipe: a waiting action past it reads as expired). A message's text is kept here only, never in
 * the audit log.
 */
export const deviceActions = pgTable(
  'device_actions',
  {
    id: generatedId(),
    deviceId: uuid('device_id').notNull(),
    action: text('action').notNull(),
    /** The person a `sign-out` is for. */
    userId: integer('user_id').references(() => users.id),
    text: text('text'),
    lost: boolean('lost').notNull().default(false),
    state: text('state').notNull().default('waiting'),
    issuedBy: integer('issued_by')
      .notNull()
      .references(() => users.id),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** When a heartbeat's answer first carried it. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    /** When it was done or failed (the tablet's time), or cancelled. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Why it failed, in the tablet's words. */
    detail: text('detail'),
    cancelledBy: integer('cancelled_by').references(() => users.id),
  },
  (table) => [
    index('device_actions_device_index').on(table.deviceId, table.issuedAt),
    check(
      'device_actions_action_check',
      sql`${table.action} in ('update', 'refresh', 'sign-out', 'wipe', 'message')`,
    ),
    check(
      'device_actions_state_check',
      sql`${table.state} in ('waiting', 'done', 'failed', 'cancelled')`,
    ),
  ],
)
