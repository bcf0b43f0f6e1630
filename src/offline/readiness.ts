import type { QueryClient } from '@tanstack/react-query'
import { persistedStorageKey } from './query-persister.ts'

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

/** When the look-ups kept on the device (stores, catalogue, customers) were last written there. */
export function keptLookupsSavedAt(): number | undefined {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(persistedStorageKey) ?? 'null')
    return typeof kept === 'object' &&
      kept !== null &&
      'timestamp' in kept &&
      typeof kept.timestamp === 'number'
      ? kept.timestamp
      : undefined
  } catch {
    return undefined
  }
}
