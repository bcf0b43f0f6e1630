import type { DateRange } from '../routing/route-params.ts'

/**
 * Paging (docs/behaviour.md#states-and-transitions): a next page exists while fewer rows than
 * `count` are loaded.
 */
export function nextPage(
  pages: readonly { rows: readonly unknown[] }[],
  count: number,
  lastPage: number,
): number | undefined {
  const loaded = pages.reduce((total, page) => total + page.rows.length, 0)
  const lastEmpty = pages.at(-1)?.rows.length === 0
  return loaded < count && !lastEmpty ? lastPage + 1 : undefined
}

/** A list's date range as query parameters: only the days that are set. */
export function rangeParams(range: DateRange): Record<string, string> {
  const params: Record<string, string> = {}
  if (range.startAt) params.startAt = range.startAt
  if (range.endAt) params.endAt = range.endAt
  return params
}
