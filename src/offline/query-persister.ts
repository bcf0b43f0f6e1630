import type { QueryClient } from '@tanstack/react-query'
import { getSession } from '../api/session.ts'

/**
 * Look-ups kept on the device for 24 hours so they open offline (docs/behaviour.md#offline), in
 * IndexedDB: the stores and the catalogue in the clear, the customers and vouchers a user opened
 * encrypted (src/offline/persist-lookups.ts, which loads only when someone is signed in).
 */

/** Where builds before the PIN kept every look-up in the clear: removed, never read. */
const legacyStorageKey = 'query-cache'

/** On start, signed in: the public look-ups go back in the cache; the personal ones wait for the PIN. */
export async function restorePublicLookups(queryClient: QueryClient): Promise<void> {
  localStorage.removeItem(legacyStorageKey)
  if (!getSession()) return
  const { restorePublic } = await import('./persist-lookups.ts')
  await restorePublic(queryClient).catch((error: unknown) =>
    console.warn('look-ups not restored', error),
  )
}

/** The user's key is open: the customers and vouchers they opened go back in the cache. */
export async function restorePersonalLookups(
  queryClient: QueryClient,
  userId: number,
): Promise<void> {
  const { restorePersonal } = await import('./persist-lookups.ts')
  await restorePersonal(queryClient, userId).catch((error: unknown) =>
    console.warn('look-ups not restored', error),
  )
}

/** Sign-out: nothing of this user's look-ups stays on the device. */
export async function wipePersistedQueries(userId?: number): Promise<void> {
  localStorage.removeItem(legacyStorageKey)
  const { forgetLookups } = await import('./persist-lookups.ts')
  await forgetLookups(userId)
}
