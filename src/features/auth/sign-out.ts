import type { QueryClient } from '@tanstack/react-query'
import { clearSession, getSession } from '../../api/session.ts'
import { wipePersistedQueries } from '../../offline/query-persister.ts'
import { endServerSession } from './auth-api.ts'
import { setLockStatus } from './lock-state.ts'

/**
 * Signs the current user out on this device: the session, the kept look-ups and the wizard draft
 * go, and their key leaves memory; unsent trials stay, sent with their author's device credential.
 * The device's database loads only when someone was signed in.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  const session = getSession()
  const userId = session?.user.id
  // The server ends the session too, when it can be reached; offline, the device's copy of the
  // token is gone either way, and the session ends when it expires or is revoked.
  if (session?.token) endServerSession(session.token).catch(() => undefined)
  clearSession()
  setLockStatus('signedOut')
  queryClient.clear()
  // Nobody signed in (the sign-in page opened): nothing of anyone's is open to wipe, and the
  // sign-in page loads none of the device's database.
  if (userId === undefined) return
  await wipePersistedQueries().catch((error: unknown) => console.warn('look-ups not wiped', error))
  const [{ offlineDatabase }, { wipeOnSignOut }] = await Promise.all([
    import('../../offline/database.ts'),
    import('../../offline/vault.ts'),
  ])
  await wipeOnSignOut(offlineDatabase(), userId)
}

/** How many of the signed-in user's trials have not reached the server (0 when signed out). */
export async function unsentTrials(): Promise<number> {
  const userId = getSession()?.user.id
  if (userId === undefined) return 0
  const { offlineDatabase } = await import('../../offline/database.ts')
  return offlineDatabase().outbox.where('userId').equals(userId).count()
}
