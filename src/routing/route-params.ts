import { notFound } from '@tanstack/react-router'
import * as v from 'valibot'

/** A route's `$id` as a record id; anything else is a not-found page. */
function recordId(raw: string): number {
  const id = Number(raw)
  if (!Number.isSafeInteger(id) || id < 1) notFound({ throw: true })
  return id
}

/** `params` of a route with an `$id`: a positive integer, or the not-found page. */
export const idParams = {
  parse: ({ id }: { id: string }) => ({ id: recordId(id) }),
  stringify: ({ id }: { id: number }) => ({ id: String(id) }),
}

/** A date range as `YYYY-MM-DD` days in the URL; an unreadable day is dropped. */
const day = v.fallback(v.optional(v.pipe(v.string(), v.isoDate())), undefined)
export const dateRangeSearchSchema = v.object({ startAt: day, endAt: day })
export type DateRange = v.InferOutput<typeof dateRangeSearchSchema>

/** A list's `?query=`, only when there is one; paging is "Load more", not in the URL. */
export const listSearchSchema = v.object({
  query: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200))), undefined),
})

/** A short code in the URL (an act, a flag); the screen uses only those it knows. */
export const codeSearchParam = v.fallback(
  v.optional(v.pipe(v.string(), v.maxLength(40))),
  undefined,
)

/** A number in the URL (a record's id); the screen checks it is one it can use. */
export const numberSearchParam = v.fallback(v.optional(v.number()), undefined)
