import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import type { TrialAnswers } from '#contract/trial.ts'
import { createdAt, generatedId } from './columns.ts'
import { storeId } from './stores.ts'
import { userId } from './users.ts'

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
    id: generatedId(),
    userId: userId(),
    storeId: storeId(),
    kind: text('kind', { enum: trialKinds }).notNull(),
    /** Read it as text (`answersText`): drizzle would turn a text trial such as "12" into 12. */
    answers: jsonb('answers').$type<TrialAnswers | string>().notNull(),
    gender: text('gender'),
    ageRange: text('age_range'),
    shopping: text('shopping'),
    email: text('email'),
    phone: text('phone'),
    createdAt: createdAt(),
    /** When it reached the server. */
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * When it happened, on the server's clock (docs/behaviour.md#capture-time): what everything
     * that counts trials by time counts by.
     */
    capturedAt: timestamp('captured_at', { withTimezone: true }).notNull().defaultNow(),
    /** The `App-Version` of the request that brought it; null for older rows. */
    appVersion: text('app_version'),
    captureUncertain: boolean('capture_uncertain').notNull().default(false),
    clockSkewed: boolean('clock_skewed').notNull().default(false),
    captureImplausible: boolean('capture_implausible').notNull().default(false),
    /**
     * Its `Idempotency-Key` and the sha256 of the body sent under it: the key answers this trial
     * for as long as the trial is kept, after the key's own row is forgotten.
     */
    idempotencyKey: uuid('idempotency_key'),
    requestHash: text('request_hash'),
    /** Another trial of the same store and customer captured within 10 minutes of this one. */
    possibleDuplicateOf: integer('possible_duplicate_of'),
  },
  (table) => [
    check('trials_kind_check', sql`${table.kind} in ('guided', 'simple')`),
    index('trials_captured_at_index').on(table.capturedAt, table.id),
    index('trials_user_captured_at_index').on(table.userId, table.capturedAt),
    index('trials_store_captured_at_index').on(table.storeId, table.capturedAt),
    // Null keys (trials sent without one) are distinct in a unique index.
    uniqueIndex('trials_user_key_unique').on(table.userId, table.idempotencyKey),
    index('trials_segment_index').on(table.gender, table.ageRange, table.shopping),
    // A customer's trials, and the possible duplicates at a store around a capture time.
    index('trials_email_store_captured_index').on(
      sql`lower(${table.email})`,
      table.storeId,
      table.capturedAt,
    ),
    index('trials_phone_store_captured_index').on(table.phone, table.storeId, table.capturedAt),
  ],
)

/** How a consent's box came to be set: by the person, by the app, or not recorded (`unknown`). */
export const consentSetterValues = ['person', 'app', 'unknown'] as const

/**
 * A trial's consents as they were recorded (docs/behaviour.md#consents): given or not, who set
 * the box, the id of the text shown and its locale. A trial from an app that did not record them
 * has its consents here as `unknown` (no text id, no locale). Never a proof of consent: a box the
 * app ticked is recorded as ticked by the app.
 */
export const trialConsents = pgTable(
  'trial_consents',
  {
    trialId: integer('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    consent: text('consent').notNull(),
    given: boolean('given').notNull(),
    tickedBy: text('ticked_by', { enum: consentSetterValues }).notNull(),
    textId: text('text_id'),
    locale: text('locale'),
  },
  (table) => [
    primaryKey({ columns: [table.trialId, table.consent] }),
    check('trial_consents_ticked_by_check', sql`${table.tickedBy} in ('person', 'app', 'unknown')`),
  ],
)
