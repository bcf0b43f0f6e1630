import type { QueryClient } from '@tanstack/react-query'

/**
 * When the trial catalogue in the cache was fetched: the oldest of its queries (the one a trial
 * may fall back on first), or undefined when none is kept.
 */
export function catalogueFetchedAt(queryClient: QueryClient): number | undefined {
  const times = queryClient
    .getQueryCache()
    .findAll({ queryKey: ['catalogue'] })
    .filter((query) => query.state.status === 'success')
    .map((query) => query.state.dataUpdatedAt)
  return times.length > 0 ? Math.min(...times) : undefined
}
