import { config } from '../../config.ts'
import { lockDueAt, nextLockState, openLock, type LockState } from './idle-lock.ts'

/** What counts as the user being there: a touch, a key, a scroll. */
const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const
/** How often the idle time is looked at: the lock comes at most this late. */
const tickMs = 5_000
/** How far the lock's time moves before the key's open window is kept again. */
const reportMs = 15_000

/**
 * Calls `lock` once the user has left the open app alone longer than `config.idleLock` allows
 * (longer inside the trial wizard, whose steps a customer may take a while over), and tells
 * `openUntil` when the lock would come, as that time moves on. Answers the stop.
 */
export function watchIdle(
  inWizard: () => boolean,
  lock: () => void,
  openUntil: (until: number) => void,
): () => void {
  let state: LockState = openLock(Date.now())
  let reported = 0
  const report = () => {
    const due = lockDueAt(state, inWizard(), config.idleLock)
    if (Math.abs(due - reported) < reportMs) return
    reported = due
    openUntil(due)
  }
  const onActivity = () => {
    state = nextLockState(state, { type: 'activity', at: Date.now() }, config.idleLock)
  }
  const options = { capture: true, passive: true }
  for (const type of activityEvents) window.addEventListener(type, onActivity, options)
  report()
  const timer = setInterval(() => {
    const tick = { type: 'tick', at: Date.now(), inWizard: inWizard() } as const
    state = nextLockState(state, tick, config.idleLock)
    if (state.status === 'locked') lock()
    else report()
  }, tickMs)
  return () => {
    clearInterval(timer)
    for (const type of activityEvents) window.removeEventListener(type, onActivity, options)
  }
}
