import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { createdAt, generatedId } from './columns.ts'
import { userId } from './users.ts'

export const tokenKinds = ['setup', 'reset'] as const
export type TokenKind = (typeof tokenKinds)[number]

/** Single-use links (invitation, password reset). Only the sha256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: generatedId(),
    userId: userId(),
    kind: text('kind', { enum: tokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_unique').on(table.tokenHash),
    index('auth_tokens_user_kind_index').on(table.userId, table.kind),
    check('auth_tokens_kind_check', sql`${table.kind} in ('setup', 'reset')`),
  ],
)

/**
 * Throttling shared by every process (server/auth/throttle.ts): failed sign-ins by
 * `account:<email>` and `ip:<address>`, reset mails sent by `reset:user:<id>` and
 * `reset:ip:<address>`, customer searches by `customer-search:user:<id>`.
 */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: generatedId(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_attempts_key_attempted_at_index').on(table.key, table.attemptedAt)],
)
