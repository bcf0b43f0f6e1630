import * as v from 'valibot'
import { messages } from './messages.ts'

export const apiBasePath = '/api/v1'
export const appHeader = 'X-APP'
export const appId = 'brand-expert-pwa'
export const languageHeader = 'Language'
/** On every API answer: the id the server's logs know the request by (also in error bodies). */
export const requestIdHeader = 'Request-Id'
/** On every request from the PWA: the build's version, `semver+commit` (docs/behaviour.md#updates). */
export const appVersionHeader = 'App-Version'
/** On every request from the PWA: the device's clock as it sent it (ISO 8601). */
export const deviceTimeHeader = 'Device-Time'
/** On every answer: the oldest app version the server still serves in full. */
export const minAppVersionHeader = 'Min-App-Version'
/**
 * `POST /free-guided/form` takes an `Idempotency-Key` (docs/behaviour.md#repeat-safe-requests): a
 * UUID made on the device, bare or as a quoted structured-field string (`"…"`, as the IETF draft
 * writes it). A replayed answer carries `Idempotent-Replayed: true`.
 */
export const idempotencyHeader = 'Idempotency-Key'
export const idempotentReplayedHeader = 'Idempotent-Replayed'

/**
 * The exact messages of a rejected token (docs/behaviour.md#sessions). The client reacts to
 * `jwt expired`.
 */
export const jwtExpired = 'jwt expired'
export const invalidToken = 'invalid token'

export const pageSize = 20

/** `{ data, message? }`: every successful answer. */
export function dataEnvelope<T extends v.GenericSchema>(data: T) {
  return v.object({ data, message: v.optional(v.string()) })
}

/**
 * A device's id (docs/behaviour.md#devices): a random UUID the PWA makes once. Here, not with the
 * devices' other schemas: the sign-in sends it, and neither the sign-in page nor the trial path
 * should carry those.
 */
export const deviceIdSchema = v.pipe(v.string(), v.uuid(messages.invalid.id))

/** `{ data: { rows, count } }`: every list. */
export function listOf<T extends v.GenericSchema>(row: T) {
  return v.object({ rows: v.array(row), count: v.number() })
}

/** A field's refusal: its message in the request's language and the message's id (`code`). */
export const invalidFieldSchema = v.object({
  field: v.string(),
  message: v.string(),
  code: v.string(),
})
/**
 * Every error answer: the message in the request's language, its id (`code`, e.g.
 * `voucher.used`), the request's id (also the `Request-Id` header and the logs'), and the refused
 * fields of a refused body.
 */
export const errorEnvelopeSchema = v.object({
  message: v.string(),
  code: v.string(),
  requestId: v.string(),
  invalidFields: v.optional(v.array(invalidFieldSchema)),
})
export type ErrorEnvelope = v.InferOutput<typeof errorEnvelopeSchema>

/** The largest id a record can have (PostgreSQL's int4): a larger one is refused, never sent to SQL. */
export const maxId = 2_147_483_647

/** A calendar day `YYYY-MM-DD` that exists (not 2025-02-30). */
export function calendarDay(message?: string) {
  return v.pipe(
    v.string(message),
    v.isoDate(message),
    // Run on any text as well: a form's check goes on past the failed format (no abortPipeEarly).
    v.check((value) => {
      const date = new Date(`${value}T00:00:00Z`)
      return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value)
    }, message),
  )
}

/** A range of days whose end, when both are given, is not before its start. */
type DayRange = { startAt?: string | undefined; endAt?: string | undefined }

/** Whether a range of `YYYY-MM-DD` days ends on or after its start (or is open at one end). */
export function isInOrder({ startAt, endAt }: DayRange): boolean {
  return !startAt || !endAt || startAt <= endAt
}

/**
 * Refuses a range that ends before it starts, as an error of `endAt` (an inverted range would
 * only answer an empty list or file, which reads as "nothing happened then").
 */
export function daysInOrder<T extends DayRange>() {
  return v.rawCheck<T>(({ dataset, addIssue }) => {
    if (!dataset.typed || isInOrder(dataset.value)) return
    const { endAt } = dataset.value
    addIssue({
      message: messages.rangeInverted.id,
      path: [{ type: 'object', origin: 'value', input: dataset.value, key: 'endAt', value: endAt }],
    })
  })
}

/**
 * A record's id in a path (`/store/{id}`): a positive int4. One that does not parse (`/store/abc`)
 * is simply not found: the endpoint's 404.
 */
export const pathIdSchema = v.pipe(
  v.string(),
  v.regex(/^\d{1,10}$/),
  v.transform(Number),
  v.minValue(1),
  v.maxValue(maxId),
)
export const idParamsSchema = v.object({ id: pathIdSchema })

/** `{ status: 'ok' }`: the health checks' answer. */
export const statusSchema = v.object({ status: v.literal('ok') })

/** `page=`: pages start at 1, and a page of 0 (or anything unreadable) means 1. */
export const pageSchema = v.optional(
  v.fallback(
    v.pipe(v.unknown(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100_000)),
    1,
  ),
  1,
)

/** `?query=&page=` */
export const searchQuerySchema = v.object({
  query: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200)), ''),
  page: pageSchema,
})
export type SearchQuery = v.InferOutput<typeof searchQuerySchema>
