import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import type { TrialAnswers } from '../../../src/contract/trial.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/** `guided`: the wizard's structured answers; `simple`: the simple screen's free text. */
export const trialKinds = ['guided', 'simple'] as const
export type TrialKind = (typeof trialKinds)[number]

/**
 * A free guided trial: the `comment` as it was validated (answers object or text) in `answers`;
 * for reports, a few answers are copied into columns of their own (null for a text trial).
 */
export const trials = pgTable(
  'trials',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    kind: text('kind', { enum: trialKinds }).notNull(),
    /** Read it as text (`answersText`): drizzle would turn a text trial such as "12" into 12. */
    answers: jsonb('answers').$type<TrialAnswers | string>().notNull(),
    gender: text('gender'),
    ageRange: text('age_range'),
    shopping: text('shopping'),
    email: text('email'),
    phone: text('phone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('trials_kind_check', sql`${table.kind} in ('guided', 'simple')`),
    index('trials_created_at_index').on(table.createdAt, table.id),
    index('trials_user_created_at_index').on(table.userId, table.createdAt),
    index('trials_store_created_at_index').on(table.storeId, table.createdAt),
    index('trials_segment_index').on(table.gender, table.ageRange, table.shopping),
    index('trials_email_lower_index').on(sql`lower(${table.email})`),
    index('trials_phone_index').on(table.phone),
  ],
)
