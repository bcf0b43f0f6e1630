import { config } from '../../config.ts'
import { nextLockState, openLock, type LockState } from './idle-lock.ts'

/** What counts as the user being there: a touch, a key, a scroll. */
const activityEvents = ['pointerdown', 'keydown', 'wheel', 'touchstart', 'scroll'] as const
/** How often the idle time is looked at: the lock comes at most this late. */
const tickMs = 5_000

/**
 * Calls `lock` once the user has left the open app alone longer than `config.idleLock` allows
 * (longer inside the trial wizard, whose steps a customer may take a while over). Answers the stop.
 */
export function watchIdle(inWizard: () => boolean, lock: () => void): () => void {
  let state: LockState = openLock(Date.now())
  const onActivity = () => {
    state = nextLockState(state, { type: 'activity', at: Date.now() }, config.idleLock)
  }
  const options = { capture: true, passive: true }
  for (const type of activityEvents) window.addEventListener(type, onActivity, options)
  const timer = setInterval(() => {
    const tick = { type: 'tick', at: Date.now(), inWizard: inWizard() } as const
    state = nextLockState(state, tick, config.idleLock)
    if (state.status === 'locked') lock()
  }, tickMs)
  return () => {
    clearInterval(timer)
    for (const type of activityEvents) window.removeEventListener(type, onActivity, options)
  }
}
