import { useSyncExternalStore } from 'react'
import { getSession } from '../../api/session.ts'

/**
 * Whether the signed-in user's app is open (docs/security.md#the-idle-lock):
 * - `signedOut`: nobody signed in, or a sign-in under way (it sets one of the others);
 * - `checking`: after a reload, while the device's database says whether the user has a PIN;
 * - `choosePin`: signed in with the password on a device where they have no PIN yet;
 * - `locked`: idle too long, or reloaded: the PIN (or the password, online) opens it again;
 * - `open`: the app and the user's kept data are open.
 * Nothing behind sign-in is shown unless it is `open` (src/features/auth/lock-gate.tsx).
 */
export type LockStatus = 'signedOut' | 'checking' | 'choosePin' | 'locked' | 'open'

let status: LockStatus = getSession() ? 'checking' : 'signedOut'
/** Whether the page started with someone signed in: only that start may skip the PIN (0031). */
export const startedSignedIn = status === 'checking'
const listeners = new Set<() => void>()
const whenOpen = new Set<() => void>()

export function lockStatus(): LockStatus {
  return status
}

let hasBeenOpen = false

export function setLockStatus(next: LockStatus): void {
  if (status === next) return
  status = next
  if (next === 'open') hasBeenOpen = true
  // Signed out, or another person chosen (checking their PIN): nobody's screens are kept.
  if (next === 'signedOut' || next === 'checking') hasBeenOpen = false
  for (const listener of listeners) listener()
  if (next !== 'open') return
  for (const callback of whenOpen) callback()
  whenOpen.clear()
}

/**
 * Whether the app was open since the sign-in: locked for want of use it keeps its screens (hidden,
 * not answering), so that the user finds them as they left them; locked by a reload it has none.
 */
export function appWasOpen(): boolean {
  return hasBeenOpen
}

const beforeOpen = new Set<(userId: number) => Promise<void>>()

/**
 * Work each opening waits for, once the user's key is open (the kept customers back in the
 * cache), so that no screen shows without what was kept for it.
 */
export function beforeAppOpens(step: (userId: number) => Promise<void>): void {
  beforeOpen.add(step)
}

/** The user's key is open: what waits for it is done, then the app opens. */
export async function openApp(userId: number): Promise<void> {
  await Promise.all([...beforeOpen].map((step) => step(userId)))
  setLockStatus('open')
}

/** Runs `callback` once the app is next open: at once when it is open now. */
export function whenAppOpens(callback: () => void): void {
  if (status === 'open') callback()
  else whenOpen.add(callback)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useLockStatus(): LockStatus {
  return useSyncExternalStore(subscribe, lockStatus)
}
