import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { roles } from '#contract/roles.ts'
import { createdAt, generatedId } from './columns.ts'
import { stores } from './stores.ts'

export const users = pgTable(
  'users',
  {
    id: generatedId(),
    role: text('role', { enum: roles }).notNull(),
    fullname: text('fullname').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Null until an invited user sets a password. */
    passwordHash: text('password_hash'),
    /** The store a manager is checked in to. */
    expertStoreId: integer('expert_store_id').references(() => stores.id),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('users_email_lower_unique').on(sql`lower(${table.email})`),
    check('users_role_check', sql`${table.role} in ('super', 'admin', 'manager', 'agent')`),
  ],
)

/** A row's user (`user_id`), who must exist. */
export const userId = () =>
  integer('user_id')
    .notNull()
    .references(() => users.id)
