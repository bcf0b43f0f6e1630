import { isValidPin } from '../../offline/vault-crypto.ts'
import { isGuessablePin } from './guessable-pin.ts'

/**
 * When the app locks for want of use: after `outside` ms without a touch, a key
 * or a scroll, or `wizard` ms inside the trial wizard, whose steps the customer may take a while
 * to answer. Pure: the lock gate feeds it the events and the time.
 */
export type IdleLimits = { outside: number; wizard: number }

export type LockState =
  { status: 'open'; lastActivity: number } | { status: 'locked'; lastActivity: number }

export type LockEvent =
  | { type: 'activity'; at: number }
  | { type: 'tick'; at: number; inWizard: boolean }
  | { type: 'unlocked'; at: number }

/** What a PIN try leads to: open again, try again, or sign out (too many wrong PINs). */
export type PinOutcome = 'unlocked' | 'retry' | 'signOut'

export function openLock(at: number): LockState {
  return { status: 'open', lastActivity: at }
}

/** When the open app locks unless something happens before. */
export function lockDueAt(state: LockState, inWizard: boolean, limits: IdleLimits): number {
  return state.lastActivity + (inWizard ? limits.wizard : limits.outside)
}

export function nextLockState(state: LockState, event: LockEvent, limits: IdleLimits): LockState {
  switch (event.type) {
    case 'activity':
      // What is done on the lock screen does not unlock it.
      return state.status === 'open' ? openLock(event.at) : state
    case 'tick':
      return state.status === 'open' && event.at >= lockDueAt(state, event.inWizard, limits)
        ? { status: 'locked', lastActivity: state.lastActivity }
        : state
    case 'unlocked':
      return openLock(event.at)
  }
}

/**
 * Whether the key kept open at `since` until the idle lock's time `until` opens the app at a start
 * at `now` (docs/decisions/0031): within the window, and not before it was kept (a clock set back
 * is no way past the lock).
 */
export function mayReopen(open: { since: number; until: number }, now: number): boolean {
  return now >= open.since && now < open.until
}

export function pinOutcome(result: { unlocked: boolean; attemptsLeft?: number }): PinOutcome {
  if (result.unlocked) return 'unlocked'
  return (result.attemptsLeft ?? 0) > 0 ? 'retry' : 'signOut'
}

/**
 * What is wrong with a new PIN and its repetition: too short (or not all digits), one of those a
 * thief tries first (`isGuessablePin`), or different.
 */
export function pinProblem(
  pin: string,
  repeat: string,
  year = new Date().getFullYear(),
): 'short' | 'guessable' | 'mismatch' | null {
  if (!isValidPin(pin)) return 'short'
  if (isGuessablePin(pin, year)) return 'guessable'
  return pin === repeat ? null : 'mismatch'
}
