import { describe, expect, it } from 'vitest'
import {
  ageParts,
  cancellable,
  hoursSince,
  momentOf,
  percentOf,
} from '../../../src/features/devices/fleet-view.ts'

const hour = 60 * 60_000

describe("the fleet's figures", () => {
  it('gives a share as a whole percentage, none of no tablets', () => {
    expect(percentOf(2, 3)).toBe(67)
    expect(percentOf(0, 4)).toBe(0)
    expect(percentOf(0, 0)).toBe(null)
  })

  it('tells an age in hours below two days, then in days, never below zero', () => {
    const now = Date.parse('2026-12-06T12:00:00Z')
    expect(hoursSince(new Date(now - 5.5 * hour).toISOString(), now)).toBe(5)
    expect(hoursSince(new Date(now + hour).toISOString(), now)).toBe(0)
    expect(ageParts(47)).toEqual({ unit: 'hours', count: 47 })
    expect(ageParts(48)).toEqual({ unit: 'days', count: 2 })
    expect(ageParts(24 * 9 + 23)).toEqual({ unit: 'days', count: 9 })
  })
})

describe("a tablet's last actions", () => {
  const action = { deliveredAt: null, endedAt: null } as const

  it('may be cancelled only while waiting', () => {
    expect(cancellable({ state: 'waiting' })).toBe(true)
    for (const state of ['done', 'failed', 'expired', 'cancelled'] as const) {
      expect(cancellable({ state })).toBe(false)
    }
  })

  it('tells when the tablet got a waiting one, and when an ended one ended', () => {
    const at = '2026-12-06T10:00:00.000Z'
    expect(momentOf({ ...action, state: 'waiting' })).toBe(null)
    expect(momentOf({ ...action, state: 'waiting', deliveredAt: at })).toEqual({
      kind: 'delivered',
      at,
    })
    expect(
      momentOf({ state: 'done', deliveredAt: '2026-12-06T09:00:00.000Z', endedAt: at }),
    ).toEqual({ kind: 'ended', at })
  })
})
