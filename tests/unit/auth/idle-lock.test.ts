import { describe, expect, it } from 'vitest'
import {
  lockDueAt,
  mayReopen,
  nextLockState,
  openLock,
  pinOutcome,
  type IdleLimits,
} from '../../../src/features/auth/idle-lock.ts'

const minute = 60_000
const limits: IdleLimits = { outside: 5 * minute, wizard: 15 * minute }

describe('the idle lock', () => {
  it('locks after five minutes without use outside the wizard', () => {
    const open = openLock(0)
    expect(nextLockState(open, { type: 'tick', at: 5 * minute - 1, inWizard: false }, limits)).toBe(
      open,
    )
    expect(nextLockState(open, { type: 'tick', at: 5 * minute, inWizard: false }, limits)).toEqual({
      status: 'locked',
      lastActivity: 0,
    })
  })

  it('waits fifteen minutes inside the wizard', () => {
    const open = openLock(0)
    expect(
      nextLockState(open, { type: 'tick', at: 10 * minute, inWizard: true }, limits).status,
    ).toBe('open')
    expect(lockDueAt(open, true, limits)).toBe(15 * minute)
  })

  it('any use starts the time again', () => {
    const used = nextLockState(openLock(0), { type: 'activity', at: 4 * minute }, limits)
    expect(
      nextLockState(used, { type: 'tick', at: 6 * minute, inWizard: false }, limits).status,
    ).toBe('open')
    expect(lockDueAt(used, false, limits)).toBe(9 * minute)
  })

  it('use on the lock screen does not open it; only the PIN does', () => {
    const locked = nextLockState(
      openLock(0),
      { type: 'tick', at: 6 * minute, inWizard: false },
      limits,
    )
    expect(nextLockState(locked, { type: 'activity', at: 7 * minute }, limits).status).toBe(
      'locked',
    )
    expect(nextLockState(locked, { type: 'unlocked', at: 8 * minute }, limits)).toEqual(
      openLock(8 * minute),
    )
  })

  it('a wrong PIN asks again until none is left, then signs out', () => {
    expect(pinOutcome({ unlocked: true })).toBe('unlocked')
    expect(pinOutcome({ unlocked: false, attemptsLeft: 1 })).toBe('retry')
    expect(pinOutcome({ unlocked: false, attemptsLeft: 0 })).toBe('signOut')
  })
})

describe('a start within the idle lock’s time', () => {
  const open = { since: 1_000_000, until: 1_300_000 }

  it('reopens the app without the PIN until the lock would have come, not after', () => {
    expect(mayReopen(open, 1_000_000)).toBe(true)
    expect(mayReopen(open, 1_299_999)).toBe(true)
    expect(mayReopen(open, 1_300_000)).toBe(false)
  })

  it('is no way past the lock with a clock set back before the key was kept', () => {
    expect(mayReopen(open, 999_999)).toBe(false)
  })
})
