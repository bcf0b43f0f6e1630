import { describe, expect, it } from 'vitest'
import { reachedBy } from '../../../src/api/reachability.ts'
import { retryAfterMs } from '../../../src/offline/outbox/outbox-state.ts'

describe('whether an answer means the server was reached', () => {
  it('is no for no answer, and for a gateway speaking for a server it cannot reach', () => {
    expect(reachedBy(0, false)).toBe(false)
    for (const status of [502, 503, 504]) expect(reachedBy(status, false)).toBe(false)
  })

  it("is yes for any answer of the API's own, a refusal or a busy server too", () => {
    for (const status of [200, 201, 400, 401, 404, 409, 429, 500]) {
      expect(reachedBy(status, false)).toBe(true)
    }
    for (const status of [502, 503, 504]) expect(reachedBy(status, true)).toBe(true)
  })
})

describe('Retry-After', () => {
  const now = Date.parse('2026-12-06T10:00:00Z')
  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('120', now)).toBe(120_000)
    expect(retryAfterMs('Sun, 06 Dec 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(retryAfterMs(undefined, now)).toBeUndefined()
    expect(retryAfterMs('soon', now)).toBeUndefined()
  })
})
