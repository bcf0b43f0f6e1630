import { describe, expect, it } from 'vitest'
import { outcomeOf } from '../../../src/offline/outbox/trial-outcome.ts'

describe('where a trial just saved is, as the message after Save says it', () => {
  it('has reached the server once it has a receipt', () => {
    expect(outcomeOf(true, undefined)).toBe('received')
  })

  it('is not known while its first attempt runs', () => {
    expect(outcomeOf(false, { state: 'waiting', attempts: 0 })).toBeUndefined()
  })

  it('is kept on the device once an attempt failed, or it waits for a sign-in', () => {
    expect(outcomeOf(false, { state: 'waiting', attempts: 1 })).toBe('kept')
    expect(outcomeOf(false, { state: 'needs-login', attempts: 0 })).toBe('kept')
  })
})
