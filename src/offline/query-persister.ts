import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client'

/**
 * Look-ups kept on the device for 24 hours so they open offline (design section 5): stores,
 * the trial catalogue, and the customers a manager viewed. Nothing else is written to storage.
 */
const persistedRoots = new Set(['stores', 'catalogue', 'customers', 'vouchers'])
const storageKey = 'query-cache'
export const persistedMaxAge = 24 * 60 * 60_000

export const persistOptions: Omit<PersistQueryClientOptions, 'queryClient'> = {
  // localStorage behind the async persister (the sync one is deprecated upstream).
  persister: createAsyncStoragePersister({ storage: window.localStorage, key: storageKey }),
  maxAge: persistedMaxAge,
  buster: 'v1',
  dehydrateOptions: {
    shouldDehydrateQuery: (query) =>
      query.state.status === 'success' && persistedRoots.has(String(query.queryKey[0])),
  },
}

/** Logout: nothing of this user's look-ups stays on the device. */
export function wipePersistedQueries(): void {
  window.localStorage.removeItem(storageKey)
}
