import { and, count, desc, eq, gte, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm'
import { pageSize } from '#contract/http.ts'
import type { Trial, TrialBody, TrialSearchQuery } from '#contract/trial.ts'
import { alias, QueryBuilder } from 'drizzle-orm/pg-core'
import type { Review, TrialFlag } from '#contract/review.ts'
import type { Database } from '../../db/database.ts'
import { withinDays } from '../../db/day-range.ts'
import { storeLogs } from '../../db/schema/store-logs.ts'
import { stores } from '../../db/schema/stores.ts'
import { trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'

type NewTrial = {
  userId: number
  storeId: number
  comment: TrialBody['comment']
  now: Date
  /** When it happened, when not when it arrived (`now`). */
  capturedAt?: Date
}

/** A trial's answers as they are, and the ones reports group by in columns. */
export function answerColumns({ comment }: Pick<NewTrial, 'comment'>) {
  const answers = typeof comment === 'string' ? null : comment
  return {
    kind: answers ? ('guided' as const) : ('simple' as const),
    answers: comment,
    gender: answers?.gender ?? null,
    ageRange: answers?.ageRange ?? null,
    shopping: answers?.shopping ?? null,
    email: answers?.email.email ?? null,
    phone: answers?.email.phone ?? null,
  }
}

/** Stores a trial. */
export async function insertTrial(db: Database, trial: NewTrial): Promise<number> {
  const { userId, storeId, now } = trial
  const [row] = await db
    .insert(trials)
    .values({
      userId,
      storeId,
      ...answerColumns(trial),
      createdAt: now,
      receivedAt: now,
      capturedAt: trial.capturedAt ?? now,
    })
    .returning({ id: trials.id })
  if (!row) throw new Error('no trial inserted')
  return row.id
}

/**
 * A trial's stored `answers` as JSON text, to be read with `storedComment`: drizzle's jsonb
 * reading would turn a text trial such as "12" into 12.
 */
export const storedAnswersText = sql<string>`${trials.answers}::text`

/** A stored trial's comment: the guided trial's answers, or the simple trial's text. */
export function storedComment(text: string): Trial['comment'] {
  // Checked when it arrived, and every version's answers read as today's (upcast.ts).
  return JSON.parse(text) as Trial['comment']
}

/** Who decided a trial's review: the users table a second time. */
const reviewer = alias(users, 'reviewer')

const trialColumns = {
  id: trials.id,
  createdAt: trials.createdAt,
  receivedAt: trials.receivedAt,
  capturedAt: trials.capturedAt,
  appVersion: trials.appVersion,
  captureUncertain: trials.captureUncertain,
  clockSkewed: trials.clockSkewed,
  captureImplausible: trials.captureImplausible,
  possibleDuplicateOf: trials.possibleDuplicateOf,
  anonymisedAt: trials.anonymisedAt,
  // The search joins the author as `users` (selectTrials).
  otherStore: sql<boolean>`coalesce(${users.expertStoreId} <> ${trials.storeId}, false)`,
  revision: trials.revision,
  reviewState: trials.reviewState,
  reviewReason: trials.reviewReason,
  reviewComment: trials.reviewComment,
  reviewedAt: trials.reviewedAt,
  reviewerId: reviewer.id,
  reviewerName: reviewer.fullname,
  storeId: stores.id,
  storeName: stores.name,
  userId: users.id,
  fullname: users.fullname,
  answers: storedAnswersText,
}

type TrialRow = {
  id: number
  createdAt: Date
  receivedAt: Date
  capturedAt: Date
  appVersion: string | null
  captureUncertain: boolean
  clockSkewed: boolean
  captureImplausible: boolean
  possibleDuplicateOf: number | null
  anonymisedAt: Date | null
  otherStore: boolean
  revision: number
  reviewState: Review['state']
  reviewReason: Review['reason']
  reviewComment: string | null
  reviewedAt: Date | null
  reviewerId: number | null
  reviewerName: string | null
  storeId: number
  storeName: string
  userId: number
  fullname: string
  answers: string
}

function toTrial(row: TrialRow): Trial {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    capturedAt: row.capturedAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    appVersion: row.appVersion,
    captureUncertain: row.captureUncertain,
    clockSkewed: row.clockSkewed,
    captureImplausible: row.captureImplausible,
    possibleDuplicateOf: row.possibleDuplicateOf,
    anonymisedAt: row.anonymisedAt?.toISOString() ?? null,
    otherStore: row.otherStore,
    revision: row.revision,
    review: reviewOf(row),
    store: { id: row.storeId, name: row.storeName },
    user: { id: row.userId, fullname: row.fullname },
    comment: storedComment(row.answers),
  }
}

/** A trial's review as the trial's row holds it. */
export function reviewOf(row: {
  reviewState: Review['state']
  reviewReason: Review['reason']
  reviewComment: string | null
  reviewedAt: Date | null
  reviewerId: number | null
  reviewerName: string | null
}): Review {
  return {
    state: row.reviewState,
    reason: row.reviewReason,
    comment: row.reviewComment,
    by: row.reviewerId === null ? null : { id: row.reviewerId, fullname: row.reviewerName ?? '' },
    at: row.reviewedAt?.toISOString() ?? null,
  }
}

/** The trial's author, read apart from the search's own join of `users`. */
const author = alias(users, 'author')

const flags = {
  duplicate: sql`${trials.possibleDuplicateOf} is not null`,
  late: sql`${trials.receivedAt} > ${trials.capturedAt} + interval '1 hour'`,
  clock: sql`(${trials.clockSkewed} or ${trials.captureImplausible})`,
  // A subquery rather than the search's join: the count reads `trials` alone.
  store: sql`exists (${new QueryBuilder()
    .select({ one: sql`1` })
    .from(author)
    .where(and(eq(author.id, trials.userId), ne(author.expertStoreId, trials.storeId)))})`,
}

/** The trials each flag of the review queue picks (src/contract/review.ts). */
const flagged: Record<TrialFlag, SQL> = {
  ...flags,
  any: sql`(${sql.join(Object.values(flags), sql` or `)})`,
}

/** Trials that count: every one but those a review rejected. */
export const notRejected = ne(trials.reviewState, 'rejected')

/** Who reads trials: every trial, or with `ownOnly` (the policy's `ownTrial` rule) their own. */
type Viewer = { id: number; ownOnly: boolean }

function visibleTo(viewer: Viewer): SQL | undefined {
  return viewer.ownOnly ? eq(trials.userId, viewer.id) : undefined
}

function selectTrials(db: Database) {
  return db
    .select(trialColumns)
    .from(trials)
    .innerJoin(stores, eq(stores.id, trials.storeId))
    .innerJoin(users, eq(users.id, trials.userId))
    .leftJoin(reviewer, eq(reviewer.id, trials.reviewedBy))
}

/**
 * The trials the viewer may see, of `user` and captured within the days asked for, the latest
 * captured first.
 */
export async function searchTrials(
  db: Database,
  viewer: Viewer,
  query: TrialSearchQuery,
  timeZone: string,
): Promise<{ rows: Trial[]; count: number }> {
  const where = and(
    visibleTo(viewer),
    query.user === undefined ? undefined : eq(trials.userId, query.user),
    query.store === undefined ? undefined : eq(trials.storeId, query.store),
    query.review === undefined ? undefined : eq(trials.reviewState, query.review),
    query.flag === undefined ? undefined : flagged[query.flag],
    ...withinDays(trials.capturedAt, query, timeZone),
  )
  const rows = await selectTrials(db)
    .where(where)
    .orderBy(desc(trials.capturedAt), desc(trials.id))
    .limit(pageSize)
    .offset((query.page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(trials).where(where)
  return { rows: rows.map(toTrial), count: total?.count ?? 0 }
}

/** One trial, when the viewer may see it. */
export async function findTrial(db: Database, viewer: Viewer, id: number): Promise<Trial | null> {
  const [row] = await selectTrials(db).where(and(eq(trials.id, id), visibleTo(viewer)))
  return row ? toTrial(row) : null
}

/** Every trial `where` picks, the latest captured first (a customer's, for their export). */
export async function trialsWhere(db: Database, where: SQL): Promise<Trial[]> {
  const rows = await selectTrials(db).where(where).orderBy(desc(trials.capturedAt), desc(trials.id))
  return rows.map(toTrial)
}

/** Whether the user was checked in to the store at some time from `since` up to `until`. */
export async function wasCheckedIn(
  db: Database,
  userId: number,
  storeId: number,
  since: Date,
  until: Date,
) {
  const [row] = await db
    .select({ id: storeLogs.id })
    .from(storeLogs)
    .where(
      and(
        eq(storeLogs.userId, userId),
        eq(storeLogs.storeId, storeId),
        lte(storeLogs.loginAt, until),
        or(isNull(storeLogs.logoutAt), gte(storeLogs.logoutAt, since)),
      ),
    )
    .limit(1)
  return row !== undefined
}
