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
import { rejectionReasons, reviewStates, revisionKinds } from '#contract/review.ts'
import type { TrialAnswers } from '#contract/trial.ts'
import { createdAt, generatedId } from './columns.ts'
import { storeId } from './stores.ts'
import { userId, users } from './users.ts'

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
    /**
     * The content edition its answers are of (docs/api.md#content-editions): 1 for the trials of
     * bodies before version 4, which name none.
     */
    contentEdition: integer('content_edition').notNull().default(1),
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
    /**
     * When its contact and free texts were removed, by an erasure or by retention
     * (server/routes/customers/anonymise.ts); null while it holds them.
     */
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    /**
     * Its latest revision (src/contract/review.ts): 1 as received; each decision and correction
     * adds one, kept in `trial_revisions`. The columns above are the latest revision's.
     */
    revision: integer('revision').notNull().default(1),
    reviewState: text('review_state', { enum: reviewStates }).notNull().default('unreviewed'),
    reviewReason: text('review_reason', { enum: rejectionReasons }),
    reviewComment: text('review_comment'),
    reviewedBy: integer('reviewed_by').references(() => users.id),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
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
    check(
      'trials_review_state_check',
      sql`${table.reviewState} in ('unreviewed', 'accepted', 'rejected')`,
    ),
    // Retention's next trials to anonymise.
    index('trials_retention_index')
      .on(table.capturedAt)
      .where(sql`${table.anonymisedAt} is null`),
  ],
)

/**
 * A trial's revisions after the first decision or correction (src/contract/review.ts): revision 1
 * holds the trial as received (`storeId`, `answers`), never changed but by an erasure or
 * retention; each later one the decision or the merge patch applied (`changes`), with who, when
 * and why.
 */
export const trialRevisions = pgTable(
  'trial_revisions',
  {
    trialId: integer('trial_id')
      .notNull()
      .references(() => trials.id, { onDelete: 'cascade' }),
    revision: integer('revision').notNull(),
    kind: text('kind', { enum: revisionKinds }).notNull(),
    byUserId: integer('by_user_id').references(() => users.id),
    at: timestamp('at', { withTimezone: true }).notNull(),
    state: text('state', { enum: reviewStates }),
    reason: text('reason'),
    comment: text('comment'),
    changes: jsonb('changes').$type<Record<string, unknown>>(),
    /** Revision 1 only: the trial as received. */
    storeId: integer('store_id'),
    answers: jsonb('answers').$type<TrialAnswers | string>(),
  },
  (table) => [
    primaryKey({ columns: [table.trialId, table.revision] }),
    check('trial_revisions_kind_check', sql`${table.kind} in ('received', 'review', 'correction')`),
  ],
)

/**
 * The register of erased contacts (docs/security.md#erasure): a keyed hash of each email and phone
 * erased, never the contact itself, so that a trial queued on a tablet before the erasure is
 * anonymised when it arrives. Also kept beside the backups (`erasures.jsonl`) for a restore.
 */
export const erasedContacts = pgTable('erased_contacts', {
  hash: text('hash').primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull(),
})

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
