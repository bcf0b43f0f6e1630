import type { QueryClient } from '@tanstack/react-query'
import { getSession } from '../api/session.ts'

/**
 * Look-ups kept on the device for 24 hours so they open offline (docs/behaviour.md#offline):
 * stores, the trial catalogue, and the customers a manager viewed, of the signed-in user only. The
 * persister itself (`persist-lookups.ts`) loads only when someone is signed in.
 */
export const persistedStorageKey = 'query-cache'

/** On start, signed in: the look-ups kept on the device go back in the cache. */
export async function restorePersistedQueries(queryClient: QueryClient): Promise<void> {
  if (!getSession()) return
  const { restoreLookups } = await import('./persist-lookups.ts')
  await restoreLookups(queryClient)
}

/** Logout: nothing of this user's look-ups stays on the device. */
export function wipePersistedQueries(): void {
  window.localStorage.removeItem(persistedStorageKey)
}
