import { sql } from 'drizzle-orm'
import { check, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { createdAt, generatedId } from './columns.ts'
import { userId } from './users.ts'

export const idempotencyStatuses = ['running', 'done'] as const

/**
 * `Idempotency-Key`s (docs/behaviour.md#repeat-safe-requests), per user: the sha256 of the
 * request's canonical body and the answer to replay. Written `done` by the statement that stores
 * the work they guard (`createTrialOnce`), so that a key is done exactly when the work is stored
 * (`running` is no longer written; the check allows it for the rows of older versions). Kept 30
 * days at least: an older key is claimed again as new when it comes back, and deleted by the
 * server's hourly sweep (`forgetExpiredKeys`).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    id: generatedId(),
    userId: userId(),
    key: uuid('key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status', { enum: idempotencyStatuses }).notNull(),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('idempotency_keys_user_key_unique').on(table.userId, table.key),
    check('idempotency_keys_status_check', sql`${table.status} in ('running', 'done')`),
  ],
)
