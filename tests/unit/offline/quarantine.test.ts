import { describe, expect, it } from 'vitest'
import { afterOutcome, toHandOver } from '../../../src/offline/outbox/refused.ts'
import { newOutboxItem, type OutboxItem } from '../../../src/offline/outbox/outbox-state.ts'

const refused = (code: string, more: Partial<OutboxItem> = {}): OutboxItem => ({
  ...newOutboxItem(
    '0b6c3a5e-4f1e-4c1a-9d42-7a1f0c2b9e11',
    7,
    { store_id: 3, comment: 'x' },
    0,
    null,
  ),
  state: 'failed',
  lastError: { status: 400, code },
  ...more,
})

describe('a refused trial and the quarantine', () => {
  it('goes to the quarantine when refused for good and not held there yet', () => {
    expect(toHandOver(refused('validation.email'))).toBe(true)
    expect(toHandOver(refused('store.notFound'))).toBe(true)
    expect(toHandOver(refused('idempotency.keyReused'))).toBe(true)
  })

  it('stays on the device alone when a retry may change the refusal, or it is held already', () => {
    expect(toHandOver(refused('trial.sealKeyUnknown'))).toBe(false)
    expect(toHandOver(refused('api.requestTooLarge'))).toBe(false)
    const held = { key: 'k', id: 4, state: 'waiting' as const, trialId: null, reason: null }
    expect(toHandOver(refused('store.notFound', { quarantine: held }))).toBe(false)
    expect(toHandOver({ ...refused('store.notFound'), state: 'waiting' })).toBe(false)
  })

  it('leaves the outbox as sent once accepted, and keeps a rejection with its reason', () => {
    const item = refused('store.notFound')
    const base = { key: item.id, id: 4, reason: null }
    expect(afterOutcome(item, { ...base, state: 'accepted', trialId: 91 })).toEqual({
      receipt: 91,
    })
    const rejected = { ...base, state: 'rejected' as const, trialId: null, reason: 'test' as const }
    expect(afterOutcome(item, rejected)).toEqual({ item: { ...item, quarantine: rejected } })
  })
})
