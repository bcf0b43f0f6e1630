import { dehydrate, type DehydrateOptions, type QueryClient } from '@tanstack/react-query'
import {
  persistQueryClientRestore,
  persistQueryClientSubscribe,
  type PersistedClient,
} from '@tanstack/react-query-persist-client'
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { persistedStorageKey } from './query-persister.ts'

/** Only these look-ups are written to storage; nothing else is. */
const persistedRoots = new Set(['stores', 'catalogue', 'customers', 'vouchers'])
const maxAge = 24 * 60 * 60_000
const buster = 'v1'

const dehydrateOptions: DehydrateOptions = {
  shouldDehydrateQuery: (query) =>
    query.state.status === 'success' && persistedRoots.has(String(query.queryKey[0])),
}

/** localStorage behind the async persister (the sync one is deprecated upstream). */
const persister = createAsyncStoragePersister({
  storage: window.localStorage,
  key: persistedStorageKey,
})

/** Puts the kept look-ups back in the cache; expired or unreadable ones are dropped. */
export async function restoreLookups(queryClient: QueryClient): Promise<void> {
  await persistQueryClientRestore({ queryClient, persister, maxAge, buster }).catch(
    (error: unknown) => console.warn('look-ups not restored', error),
  )
}

let persisting = false

/**
 * Writes the look-ups to the device about a second after each change (from entering the app on),
 * and at once when the page is hidden or closed, which the delayed write could miss.
 */
export function persistLookups(queryClient: QueryClient): void {
  if (persisting) return
  persisting = true
  persistQueryClientSubscribe({ queryClient, persister, buster, dehydrateOptions })
  window.addEventListener('pagehide', () => {
    const client: PersistedClient = {
      buster,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, dehydrateOptions),
    }
    try {
      window.localStorage.setItem(persistedStorageKey, JSON.stringify(client))
    } catch (error) {
      // The device is full: the look-ups written before stay.
      console.warn('look-ups not kept', error)
    }
  })
}
