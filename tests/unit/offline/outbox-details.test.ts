import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import {
  enqueueTrial,
  replayOutbox,
  type SendProgress,
} from '../../../src/offline/outbox/outbox.ts'
import {
  afterAttempt,
  newOutboxItem,
  outcomeOfStatus,
  type KeptError,
} from '../../../src/offline/outbox/outbox-state.ts'
import { isBelowMinimum } from '../../../src/contract/app-version.ts'
import type { TrialBody } from '../../../src/contract/trial.ts'

const body: TrialBody = { store_id: 3, comment: 'x' }

describe('what the outbox keeps of an attempt', () => {
  it('keeps the last error as its code, fields and request id, and when it was tried', () => {
    const item = newOutboxItem('k', 1, body, 1000, null)
    const error: KeptError = {
      status: 404,
      code: 'store.notFound',
      requestId: '3ec33f67-0000-4000-8000-000000000000',
    }
    const refused = afterAttempt(
      item,
      outcomeOfStatus(404, 'Prodavnica nije pronađena', error),
      5000,
    )
    expect(refused).toMatchObject({
      state: 'failed',
      attempts: 1,
      lastError: error,
      lastAttemptAt: new Date(5000).toISOString(),
      error: 'Prodavnica nije pronađena',
    })
    const offline = afterAttempt(
      item,
      outcomeOfStatus(0, '', { status: 0, code: 'api.network' }),
      6000,
    )
    expect(offline).toMatchObject({ state: 'waiting', lastError: { code: 'api.network' } })
    expect(offline?.nextAttemptAt).toBeGreaterThan(6000)
  })
})

describe('the sender', () => {
  let db: OfflineDatabase
  beforeEach(async () => {
    db = new OfflineDatabase(`test-${crypto.randomUUID()}`)
    await db.open()
  })
  afterEach(async () => {
    await db.delete()
  })

  it('tells how far it is: n of m, up to every due trial', async () => {
    for (let i = 0; i < 3; i++) await enqueueTrial(db, 1, body, 1000 + i)
    const seen: SendProgress[] = []
    await replayOutbox(
      {
        db,
        now: () => 10_000,
        send: () => Promise.resolve({ kind: 'stored', serverId: 9 }),
        onProgress: (progress) => seen.push(progress),
      },
      1,
    )
    expect(seen[0]).toEqual({ done: 0, total: 3 })
    expect(seen.at(-1)).toEqual({ done: 3, total: 3 })
    expect(seen.every((progress) => progress.done <= progress.total)).toBe(true)
    const receipts = await db.receipts.where('userId').equals(1).toArray()
    expect(receipts.map((receipt) => receipt.serverId)).toEqual([9, 9, 9])
  })
})

describe('the minimum app version', () => {
  it('asks for an update only below a minimum the server named', () => {
    expect(isBelowMinimum('1.1.9+abc', '1.2.0')).toBe(true)
    expect(isBelowMinimum('1.2.0+abc', '1.2.0+def')).toBe(false)
    expect(isBelowMinimum('1.3.0+abc', '1.2.0')).toBe(false)
    expect(isBelowMinimum('1.0.0+abc', null)).toBe(false)
  })
})
