import { describe, expect, it } from 'vitest'
import { backoff, outcomeOfStatus } from '../../../src/offline/outbox-state.ts'

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

  it('backs off exponentially up to five minutes', () => {
    expect([1, 2, 3, 4].map(backoff)).toEqual([2_000, 4_000, 8_000, 16_000])
    expect(backoff(30)).toBe(300_000)
  })
})
