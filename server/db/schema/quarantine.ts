import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { quarantineStates } from '#contract/quarantine.ts'
import { generatedId } from './columns.ts'
import { trials } from './trials.ts'
import { userId, users } from './users.ts'

/**
 * Trials the server refused for good, handed over by the tablet that held them
 * (docs/api.md#quarantine): the body exactly as the tablet had it (a sealed contact stays sealed),
 * the refusal's code, and what an admin decided. One per author and key: accepting one makes the
 * trial for that key (`trialId`), which a later retry of the key answers.
 */
export const quarantinedTrials = pgTable(
  'quarantined_trials',
  {
    id: generatedId(),
    userId: userId(),
    deviceId: uuid('device_id').notNull(),
    key: uuid('key').notNull(),
    body: jsonb('body').notNull(),
    code: text('code').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull(),
    /** The `App-Version` of the tablet that handed it over. */
    appVersion: text('app_version'),
    /**
     * The contact the body holds, its seal opened, in the forms trials are matched by
     * (server/privacy/erased-contacts.ts): what an erasure finds a sealed contact by.
     */
    email: text('email'),
    phone: text('phone'),
    state: text('state', { enum: quarantineStates }).notNull().default('waiting'),
    trialId: integer('trial_id').references(() => trials.id, { onDelete: 'set null' }),
    decidedBy: integer('decided_by').references(() => users.id),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    reason: text('reason'),
    comment: text('comment'),
    /** When its contact and free texts were removed (an erasure, retention). */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('quarantined_trials_user_key_unique').on(table.userId, table.key),
    index('quarantined_trials_received_index').on(table.receivedAt),
    check(
      'quarantined_trials_state_check',
      sql`${table.state} in ('waiting', 'accepted', 'rejected')`,
    ),
  ],
)
