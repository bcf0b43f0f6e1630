import { describe, expect, it } from 'vitest'
import {
  afterAttempt,
  backoff,
  newOutboxItem,
  outcomeOfStatus,
} from '../../../src/offline/outbox/outbox-state.ts'

describe('what a failed send means for a queued trial', () => {
  it('waits for the connection, for sign-in, or for a less busy server', () => {
    expect(outcomeOfStatus(0, '')).toEqual({ kind: 'offline' })
    expect(outcomeOfStatus(401, 'jwt expired')).toEqual({ kind: 'needs-login' })
    for (const status of [-1, 409, 429, 500, 503])
      expect(outcomeOfStatus(status, 'x').kind).toBe('retry-later')
  })

  it('marks a refusal with the server message', () => {
    expect(outcomeOfStatus(400, 'Ovo polje je obavezno.')).toEqual({
      kind: 'refused',
      message: 'Ovo polje je obavezno.',
    })
    expect(outcomeOfStatus(422, 'key reused').kind).toBe('refused')
  })

  it('tries again later a refusal the server may stop making: a seal key it lacks, an old app', () => {
    const refusal = (status: number, code: string) =>
      outcomeOfStatus(status, 'x', { status, code }).kind
    expect(refusal(400, 'trial.sealKeyUnknown')).toBe('retry-later')
    expect(refusal(426, 'api.appTooOld')).toBe('retry-later')
    expect(refusal(400, 'trial.sealBroken')).toBe('refused')
    expect(refusal(404, 'store.notFound')).toBe('refused')
  })

  it('backs off exponentially, never waiting more than 30 s between attempts', () => {
    expect([1, 2, 3, 4, 5, 6].map(backoff)).toEqual([2_000, 4_000, 8_000, 16_000, 30_000, 30_000])
    expect(backoff(30)).toBe(30_000)
  })

  it("waits as long as the server's Retry-After asks, up to five minutes", () => {
    const now = 1_000_000
    const item = newOutboxItem('k', 1, { store_id: 3, comment: 'x' }, now, null)
    const next = (retryAfterMs?: number) =>
      afterAttempt(item, outcomeOfStatus(503, 'busy', undefined, retryAfterMs), now)?.nextAttemptAt
    expect(next()).toBe(now + 2_000)
    expect(next(120_000)).toBe(now + 120_000)
    expect(next(3_600_000)).toBe(now + 300_000)
    expect(next(500)).toBe(now + 2_000)
  })
})
