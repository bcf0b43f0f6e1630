import * as v from 'valibot'
import { calendarDay, daysInOrder, maxId } from './http.ts'
import { messages } from './messages.ts'

export const reportTypes = ['trials', 'store-logs', 'vouchers', 'visit-notes'] as const
export const reportFormats = ['csv', 'xlsx'] as const

/** `POST /report/generate`: answers the file itself (Content-Disposition: attachment). */
export const reportRequestSchema = v.pipe(
  v.object({
    type: v.picklist(reportTypes, messages.required.id),
    format: v.optional(v.picklist(reportFormats), 'csv'),
    startAt: v.pipe(v.string(messages.required.id), calendarDay(messages.invalid.id)),
    endAt: v.pipe(v.string(messages.required.id), calendarDay(messages.invalid.id)),
    /** The trials report: rejected trials too, with their review (docs/api.md#review). */
    includeRejected: v.optional(v.boolean(), false),
    /** The trials report: only the trials of this content edition (docs/api.md#content-editions). */
    edition: v.optional(
      v.pipe(
        v.number(messages.invalid.id),
        v.integer(messages.invalid.id),
        v.minValue(1, messages.invalid.id),
        v.maxValue(maxId, messages.invalid.id),
      ),
    ),
  }),
  daysInOrder(),
)
export type ReportRequest = v.InferOutput<typeof reportRequestSchema>

/** `GET /report/dashboard?startAt=&endAt=`: the admin dashboard's figures for a date range. */
export const dashboardSchema = v.object({
  trialsPerDay: v.array(v.object({ day: v.string(), count: v.number() })),
  trialsPerStore: v.array(v.object({ storeId: v.number(), name: v.string(), count: v.number() })),
  trialsPerExpert: v.array(v.object({ userId: v.number(), name: v.string(), count: v.number() })),
  /** Share of trials whose shopping answer is yes, 0 to 1. */
  conversion: v.number(),
  ageRanges: v.array(v.object({ key: v.string(), count: v.number() })),
  genders: v.array(v.object({ key: v.string(), count: v.number() })),
  sticks: v.array(v.object({ key: v.string(), count: v.number() })),
  /**
   * How long the trials took from capture to arrival (a trial finished offline waits on its
   * tablet): the median and the 95th percentile in seconds (0 without trials), and how many
   * arrived more than an hour after they were captured.
   */
  arrival: v.object({
    medianDelaySeconds: v.number(),
    p95DelaySeconds: v.number(),
    lateOverHour: v.number(),
  }),
})
export type Dashboard = v.InferOutput<typeof dashboardSchema>

/** `GET /report/dashboard?startAt=&endAt=` (days YYYY-MM-DD in the stores' time zone, included). */
export const dashboardQuerySchema = v.pipe(
  v.object({
    startAt: v.optional(calendarDay()),
    endAt: v.optional(calendarDay()),
  }),
  daysInOrder(),
)
export type DashboardQuery = v.InferOutput<typeof dashboardQuerySchema>
