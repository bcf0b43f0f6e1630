import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query'

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

/**
 * A paged list's query (the searches and the logs): `fetchPage` fetches one page, from 1, and
 * "Load more" asks for the next while `nextPage` says there is one.
 */
export function pagedQueryOptions<
  TKey extends QueryKey,
  TPage extends { rows: readonly unknown[]; count: number },
>(queryKey: TKey, fetchPage: (page: number) => Promise<TPage>) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: 1,
    getNextPageParam: (last, pages, lastPage) => nextPage(pages, last.count, lastPage),
  })
}

/**
 * A list's date range (a route's `DateRange`, src/routing/route-params.ts) as query parameters:
 * only the days that are set.
 */
export function rangeParams(range: {
  startAt?: string | undefined
  endAt?: string | undefined
}): Record<string, string> {
  const params: Record<string, string> = {}
  if (range.startAt) params.startAt = range.startAt
  if (range.endAt) params.endAt = range.endAt
  return params
}
