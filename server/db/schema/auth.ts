import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { users } from './users.ts'

export const tokenKinds = ['setup', 'reset'] as const
export type TokenKind = (typeof tokenKinds)[number]

/** Single-use links (invitation, password reset). Only the sha256 of the token is stored. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    kind: text('kind', { enum: tokenKinds }).notNull(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('auth_tokens_token_hash_unique').on(table.tokenHash),
    index('auth_tokens_user_kind_index').on(table.userId, table.kind),
    check('auth_tokens_kind_check', sql`${table.kind} in ('setup', 'reset')`),
  ],
)

/** Failed sign-ins, by `account:<email>` and `ip:<address>`: throttling shared by every process. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    key: text('key').notNull(),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('login_attempts_key_attempted_at_index').on(table.key, table.attemptedAt)],
)
