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

/** What the ready panel checks of a device, each kept or not. */
export type Readiness = {
  /** The app's own files, kept by its service worker. */
  shell: boolean
  catalogue: boolean
  edition: boolean
  /** The pack images kept, of those the catalogue lists; undefined while they are counted. */
  images: { cached: number; total: number } | undefined
  lookups: boolean
}

/** Ready for a day offline: the app, the catalogue, the content, every pack image, the look-ups. */
export function isReadyForOffline(device: Readiness): boolean {
  const { images } = device
  return (
    device.shell &&
    device.catalogue &&
    device.edition &&
    images !== undefined &&
    images.total > 0 &&
    images.cached === images.total &&
    device.lookups
  )
}
