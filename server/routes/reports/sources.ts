import { and, asc, eq, gt, or, sql, type SQL } from 'drizzle-orm'
import { alias, type PgColumn } from 'drizzle-orm/pg-core'
import * as v from 'valibot'
import type { ReportRequest } from '#contract/reports.ts'
import {
  captureMarkLabels,
  captureMarks,
  type CaptureMark,
  visitReasonLabels,
  voucherStatusLabels,
  voucherTypeLabels,
} from '#contract/record-labels.ts'
import { reportColumns, type ReportColumn } from '#contract/report-columns.ts'
import { storedConsentSchema } from '#contract/consents.ts'
import type { TrialAnswers } from '#contract/trial.ts'
import { trialReadings, type ReportHeading, type Translate } from '#contract/trial-reading.ts'
import type { EditionLists } from '#contract/content-edition.ts'
import type { Locale } from '#contract/locale.ts'
import type { Database } from '../../db/database.ts'
import { withinDays } from '../../db/day-range.ts'
import { placeholder, preparedPerDatabase } from '../../db/prepared.ts'
import { customers, visitNotes } from '../../db/schema/customers.ts'
import { storeLogs } from '../../db/schema/store-logs.ts'
import { stores } from '../../db/schema/stores.ts'
import { trialConsents, trials } from '../../db/schema/trials.ts'
import type { RejectionReason, ReviewState } from '#contract/review.ts'
import { rejectionReasonLabels } from '#contract/decision-labels.ts'
import { reviewStateLabels } from '#contract/review-labels.ts'
import { users } from '../../db/schema/users.ts'
import { vouchers } from '../../db/schema/vouchers.ts'
import { storeLogWhere, selectStoreLogs } from '../stores/log-queries.ts'
import { readEditionLists } from '../trials/edition-answers.ts'
import { inBatches, inBatchesBy } from './batches.ts'
import type { Cell } from './csv.ts'

export type ReportContext = {
  db: Database
  range: ReportRequest
  timeZone: string
  now: Date
  /** The request's language, for the words inside cells. */
  t: Translate
  locale: Locale
}

/**
 * A report: its columns (the header row, translated), and its rows in batches, each row's cells
 * made as the file is written (a batch's cells are never all held at once).
 */
export type ReportSource = {
  header: readonly ReportHeading[]
  rows: (context: ReportContext) => AsyncGenerator<Iterable<Cell[]>>
}

/** A time as the stores' local `YYYY-MM-DD HH:MM:SS`, formatted by the database. */
function localTime(column: PgColumn, timeZone: string | SQL) {
  return sql<string | null>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD HH24:MI:SS')`
}

/** The columns of a report, as named in `reportColumns`. */
function headings(...columns: ReportColumn[]): ReportHeading[] {
  return columns.map((column) => ({ column, label: reportColumns[column] }))
}

/** Each batch's rows as cells, made as they are written; `prepare` reads what a batch needs first. */
async function* mapped<T>(
  batches: AsyncGenerator<T[]>,
  toCells: (row: T) => Cell[],
  prepare?: (batch: T[]) => Promise<void>,
): AsyncGenerator<Iterable<Cell[]>> {
  for await (const batch of batches) {
    await prepare?.(batch)
    yield batch.values().map(toCells)
  }
}

type TrialCursor = { at: string; id: number }

/**
 * The consents of the trial the query is on, as JSON built by the database: who set each box and
 * the id of its words (docs/behaviour.md#consents); `[]` for a trial without them.
 */
const consentsOfRow = sql<unknown>`coalesce((
  select json_agg(json_build_object(
    'consent', ${trialConsents.consent},
    'given', ${trialConsents.given},
    'tickedBy', ${trialConsents.tickedBy},
    'textId', ${trialConsents.textId}
  ))
  from ${trialConsents} where ${trialConsents.trialId} = ${trials.id}
), '[]'::json)`

/** A report's consents: what the cells say of each (the locale is on the trial's page). */
const reportConsentsSchema = v.array(
  v.pick(storedConsentSchema, ['consent', 'given', 'tickedBy', 'textId']),
)

/** Before every trial: the first batch starts after it. */
const beforeEveryTrial: TrialCursor = { at: '-infinity', id: 0 }

/**
 * A batch of the trials report, prepared once per database (planning it cost as much as running
 * it, for each of a long report's batches): the batch's ids first, from the `(created_at, id)`
 * index, after the cursor; then their details.
 */
const trialBatch = preparedPerDatabase((db) => {
  const range = { startAt: placeholder('startAt'), endAt: placeholder('endAt') }
  const batch = db
    .select({ id: trials.id, capturedAt: trials.capturedAt })
    .from(trials)
    .where(
      and(
        ...withinDays(trials.capturedAt, range, placeholder('timeZone')),
        sql`(${trials.capturedAt}, ${trials.id}) > (${placeholder('afterAt')}::timestamptz, ${placeholder('afterId')}::integer)`,
        sql`(${trials.reviewState} <> 'rejected' or ${placeholder('includeRejected')}::boolean)`,
        sql`(${placeholder('edition')}::integer is null or ${trials.contentEdition} = ${placeholder('edition')}::integer)`,
      ),
    )
    .orderBy(asc(trials.capturedAt), asc(trials.id))
    .limit(sql.placeholder('limit'))
    .as('batch')
  return db
    .select({
      id: trials.id,
      // The cursor: the exact time as text (a Date would drop the microseconds).
      at: sql<string>`${trials.capturedAt}::text`,
      date: localTime(trials.capturedAt, placeholder('timeZone')),
      receivedAt: localTime(trials.receivedAt, placeholder('timeZone')),
      appVersion: trials.appVersion,
      captureUncertain: trials.captureUncertain,
      clockSkewed: trials.clockSkewed,
      captureImplausible: trials.captureImplausible,
      possibleDuplicateOf: trials.possibleDuplicateOf,
      reviewState: trials.reviewState,
      reviewReason: trials.reviewReason,
      revision: trials.revision,
      contentEdition: trials.contentEdition,
      store: stores.name,
      expert: users.fullname,
      answers: sql<string>`${trials.answers}::text`,
      consents: consentsOfRow,
    })
    .from(batch)
    .innerJoin(trials, eq(trials.id, batch.id))
    .innerJoin(stores, eq(stores.id, trials.storeId))
    .innerJoin(users, eq(users.id, trials.userId))
    .orderBy(asc(batch.capturedAt), asc(batch.id))
    .prepare('report_trial_batch')
})

/**
 * A stored trial's `answers` (JSON text): the guided trial's answers or the simple trial's text.
 * Not validated again: a trial was checked when it arrived, and every version's answers read as
 * today's (docs/api.md#trials-capture-time-versions-and-keys); a key the labels do not know shows
 * as it is.
 */
function storedAnswers(text: string): TrialAnswers | string {
  return JSON.parse(text) as TrialAnswers | string
}

/** A trial's capture marks, as words joined by `; ` (empty without any). */
function marksCell(t: Translate, row: Record<CaptureMark, boolean>): string {
  return captureMarks
    .filter((mark) => row[mark])
    .map((mark) => t(captureMarkLabels[mark]))
    .join('; ')
}

/** A trial's review as words: its state, and a rejection's reason. */
function reviewCell(
  t: Translate,
  row: { reviewState: ReviewState; reviewReason: RejectionReason | null },
): string {
  const state = t(reviewStateLabels[row.reviewState])
  return row.reviewReason ? `${state}: ${t(rejectionReasonLabels[row.reviewReason])}` : state
}

/**
 * Trials by capture time then id, so that each batch is read from the `(captured_at, id)` index;
 * `date` is the capture time, beside when it was received and the marks that say how far to
 * trust it.
 */
const trialsReport: ReportSource = {
  header: [
    ...headings('id', 'date', 'store', 'expert'),
    ...trialReadings.headings,
    ...headings('receivedAt', 'appVersion', 'captureMarks', 'possibleDuplicateOf'),
    ...headings('review', 'revision', 'contentEdition'),
  ],
  rows: ({ db, range, timeZone, t, locale }) => {
    // The lists of each edition the trials name, read once per report (they never change).
    const editions = new Map<number, EditionLists | undefined>()
    const readEditions = async (batch: { contentEdition: number }[]) => {
      await readEditionLists(
        db,
        batch.map((row) => row.contentEdition),
        editions,
      )
    }
    return mapped(
      inBatchesBy(
        (after: TrialCursor | undefined, limit) => {
          const { at, id } = after ?? beforeEveryTrial
          const { startAt, endAt } = range
          return trialBatch(db).execute({
            startAt,
            endAt,
            timeZone,
            afterAt: at,
            afterId: id,
            limit,
            includeRejected: range.includeRejected,
            edition: range.edition ?? null,
          })
        },
        (row): TrialCursor => ({ at: row.at, id: row.id }),
      ),
      (row) => {
        const lists = editions.get(row.contentEdition)
        return [
          row.id,
          row.date,
          row.store,
          row.expert,
          ...trialReadings.cells(
            storedAnswers(row.answers),
            v.parse(reportConsentsSchema, row.consents),
            t,
            lists && { lists, locale },
          ),
          row.receivedAt,
          row.appVersion ?? '',
          marksCell(t, row),
          row.possibleDuplicateOf ?? '',
          reviewCell(t, row),
          row.revision,
          row.contentEdition,
        ]
      },
      readEditions,
    )
  },
}

const storeLogsReport: ReportSource = {
  header: headings('id', 'manager', 'email', 'store', 'login', 'logout', 'totalMinutes', 'inputs'),
  rows: ({ db, range, timeZone, now }) =>
    mapped(
      inBatches(async (afterId, limit) => {
        const rows = await selectStoreLogs(db, now)
          .where(and(gt(storeLogs.id, afterId), storeLogWhere(range, timeZone)))
          .orderBy(asc(storeLogs.id))
          .limit(limit)
        return rows
      }),
      (row) => [
        row.id,
        row.name,
        row.email,
        row.storeName,
        formatLocal(row.loginAt, timeZone),
        row.logoutAt ? formatLocal(row.logoutAt, timeZone) : '',
        row.totalMinutes,
        row.inputs,
      ],
    ),
}

const usedBy = alias(customers, 'used_by')

const vouchersReport: ReportSource = {
  header: headings(
    'id',
    'code',
    'type',
    'status',
    'value',
    'createdAt',
    'expiresAt',
    'usedAt',
    'customerEmail',
    'expert',
    'store',
  ),
  rows: ({ db, range, timeZone, t }) =>
    mapped(
      inBatches((afterId, limit) =>
        db
          .select({
            id: vouchers.id,
            code: vouchers.code,
            type: vouchers.type,
            status: vouchers.status,
            amount: vouchers.amount,
            currency: vouchers.currency,
            createdAt: localTime(vouchers.createdAt, timeZone),
            expiresAt: localTime(vouchers.expiresAt, timeZone),
            usedAt: localTime(vouchers.usedAt, timeZone),
            customerEmail: usedBy.email,
            expert: users.fullname,
            store: stores.name,
          })
          .from(vouchers)
          .leftJoin(usedBy, eq(usedBy.id, vouchers.usedByCustomerId))
          .leftJoin(users, eq(users.id, vouchers.usedByUserId))
          .leftJoin(stores, eq(stores.id, vouchers.usedInStoreId))
          .where(
            and(
              gt(vouchers.id, afterId),
              or(
                and(...withinDays(vouchers.createdAt, range, timeZone)),
                and(...withinDays(vouchers.usedAt, range, timeZone)),
              ),
            ),
          )
          .orderBy(asc(vouchers.id))
          .limit(limit),
      ),
      (row) => [
        row.id,
        row.code,
        t(voucherTypeLabels[row.type]),
        t(voucherStatusLabels[row.status]),
        row.amount === null ? '' : `${row.amount} ${row.currency ?? ''}`.trim(),
        row.createdAt,
        row.expiresAt,
        row.usedAt,
        row.customerEmail,
        row.expert,
        row.store,
      ],
    ),
}

const visitNotesReport: ReportSource = {
  header: headings(
    'id',
    'date',
    'reason',
    'comment',
    'customer',
    'customerEmail',
    'expert',
    'store',
  ),
  rows: ({ db, range, timeZone, t }) =>
    mapped(
      inBatches((afterId, limit) =>
        db
          .select({
            id: visitNotes.id,
            date: localTime(visitNotes.createdAt, timeZone),
            reason: visitNotes.reason,
            comment: visitNotes.comment,
            customer: customers.fullname,
            customerEmail: customers.email,
            expert: users.fullname,
            store: stores.name,
          })
          .from(visitNotes)
          .innerJoin(customers, eq(customers.id, visitNotes.customerId))
          .innerJoin(users, eq(users.id, visitNotes.userId))
          .leftJoin(stores, eq(stores.id, visitNotes.storeId))
          .where(
            and(gt(visitNotes.id, afterId), ...withinDays(visitNotes.createdAt, range, timeZone)),
          )
          .orderBy(asc(visitNotes.id))
          .limit(limit),
      ),
      (row) => [
        row.id,
        row.date,
        t(visitReasonLabels[row.reason]),
        row.comment,
        row.customer,
        row.customerEmail,
        row.expert,
        row.store,
      ],
    ),
}

export const reportSources: Record<ReportRequest['type'], ReportSource> = {
  trials: trialsReport,
  'store-logs': storeLogsReport,
  vouchers: vouchersReport,
  'visit-notes': visitNotesReport,
}

/** `YYYY-MM-DD HH:MM:SS` in a time zone, for times already read. */
function formatLocal(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date)
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? ''
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`
}
