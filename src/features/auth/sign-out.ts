import type { QueryClient } from '@tanstack/react-query'
import { forgetPerson, rememberPerson } from '../../api/people.ts'
import { choosePerson, clearSession, getSession, type SignedInUser } from '../../api/session.ts'
import { wipePersistedQueries } from '../../offline/query-persister.ts'
import { endServerSession } from './auth-api.ts'
import { lockStatus, setLockStatus } from './lock-state.ts'

/**
 * Signs the current user out on this device (Log out, on purpose): the session, the kept look-ups
 * and the wizard draft go, their key leaves memory and they leave the tablet's list of people;
 * unsent trials stay, sent with their author's device credential. The device's database loads
 * only when someone was signed in.
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
  forgetPerson(userId)
  await wipePersistedQueries(userId).catch((error: unknown) =>
    console.warn('look-ups not wiped', error),
  )
  const [{ offlineDatabase }, { wipeOnSignOut }] = await Promise.all([
    import('../../offline/database.ts'),
    import('../../offline/vault.ts'),
  ])
  await wipeOnSignOut(offlineDatabase(), userId)
}

/**
 * The sign-in page opened, or someone else took the tablet from the lock screen (`next`): whoever
 * is signed in steps away (docs/security.md#people-on-a-shared-tablet). Their key leaves memory and
 * their data the screens, but what is kept for them (their token, look-ups and draft, sealed under
 * their key) stays for their PIN, and so do their queued trials: nothing is lost, so nothing is
 * asked. One still to choose their first PIN has nothing to come back to: they are signed out.
 * The next person is in place before anything is drawn again: no screen ever shows between them.
 */
export async function stepAway(
  queryClient: QueryClient,
  next: SignedInUser | null = null,
): Promise<void> {
  const session = getSession()
  if (session && lockStatus() === 'choosePin') await signOut(queryClient)
  else if (session) {
    const { forgetKey } = await import('./device-vault.ts')
    rememberPerson(session.user)
    forgetKey()
    if (next === null) {
      clearSession()
      setLockStatus('signedOut')
    }
  }
  if (next !== null) openAs(next)
  // After the session changed: a screen's request still under way asks with no token now.
  await queryClient.cancelQueries()
  queryClient.clear()
}

/**
 * A person on the tablet's list chose themselves: they are the one signed in, locked until their
 * PIN opens their key and their kept token (src/features/auth/lock-screen.tsx).
 */
export function openAs(person: SignedInUser): void {
  choosePerson(person)
  setLockStatus('checking')
}

/** How many of the signed-in user's trials have not reached the server (0 when signed out). */
export async function unsentTrials(): Promise<number> {
  const userId = getSession()?.user.id
  if (userId === undefined) return 0
  const { offlineDatabase } = await import('../../offline/database.ts')
  return offlineDatabase().outbox.where('userId').equals(userId).count()
}
