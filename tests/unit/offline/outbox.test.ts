import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import {
  discardTrial,
  enqueueTrial,
  forgetDraftsOnLogout,
  releaseAfterLogin,
  replayOutbox,
  retryTrial,
} from '../../../src/offline/outbox.ts'
import type { OutboxItem, SendOutcome } from '../../../src/offline/outbox-state.ts'
import type { TrialBody } from '../../../src/contract/trial.ts'

const alice = 11
const bob = 12
const body = (comment: string): TrialBody => ({ store_id: 3, comment })

/** A server that honours Idempotency-Key: one stored trial per key, whatever is resent. */
function fakeServer() {
  const stored = new Map<string, TrialBody>()
  let answer: (item: OutboxItem) => SendOutcome = () => ({ kind: 'stored' })
  return {
    stored,
    answerWith(next: (item: OutboxItem) => SendOutcome) {
      answer = next
    },
    async send(item: OutboxItem): Promise<SendOutcome> {
      await new Promise((resolve) => setTimeout(resolve, 5))
      const outcome = answer(item)
      if (outcome.kind === 'stored' && !stored.has(item.id)) stored.set(item.id, item.body)
      return outcome
    },
  }
}

let db: OfflineDatabase
let clock = 1_000_000
const now = () => clock

beforeEach(async () => {
  db = new OfflineDatabase(`test-${crypto.randomUUID()}`)
  await db.open()
  clock = 1_000_000
})

afterEach(async () => {
  await db.delete()
})

describe('the trial outbox', () => {
  it('sends waiting trials and removes each one the server has stored', async () => {
    const server = fakeServer()
    await enqueueTrial(db, alice, body('first'), clock - 2)
    await enqueueTrial(db, alice, body('second'), clock - 1)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect([...server.stored.values()].map((trial) => trial.comment)).toEqual(['first', 'second'])
    expect(await db.outbox.count()).toBe(0)
  })

  it('keeps a trial when there is no connection and tries again only after the backoff', async () => {
    const server = fakeServer()
    server.answerWith(() => ({ kind: 'offline' }))
    await enqueueTrial(db, alice, body('x'), clock)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    const [kept] = await db.outbox.toArray()
    expect(kept).toMatchObject({ state: 'waiting', attempts: 1, nextAttemptAt: clock + 2_000 })

    server.answerWith(() => ({ kind: 'stored' }))
    clock += 1_000
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(0)
    clock += 1_000
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('waits after an expired session until the same user signs in again', async () => {
    const server = fakeServer()
    server.answerWith(() => ({ kind: 'needs-login' }))
    await enqueueTrial(db, alice, body('a'), clock)
    await enqueueTrial(db, alice, body('b'), clock + 1)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect((await db.outbox.toArray()).map((item) => item.state)).toEqual([
      'needs-login',
      'needs-login',
    ])

    server.answerWith(() => ({ kind: 'stored' }))
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(0)
    await releaseAfterLogin(db, alice, clock)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(2)
  })

  it('keeps a refused trial with its message until its author retries or discards it', async () => {
    const server = fakeServer()
    server.answerWith(() => ({ kind: 'refused', message: 'Prodavnica nije pronađena' }))
    const refused = await enqueueTrial(db, alice, body('r'), clock)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(await db.outbox.get(refused.id)).toMatchObject({
      state: 'failed',
      error: 'Prodavnica nije pronađena',
    })

    server.answerWith(() => ({ kind: 'stored' }))
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(0)
    await retryTrial(db, refused.id, clock)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(1)

    const other = await enqueueTrial(db, alice, body('d'), clock)
    await discardTrial(db, other.id)
    expect(await db.outbox.count()).toBe(0)
  })

  it('lets only one sender run at a time, so each trial is sent once', async () => {
    const server = fakeServer()
    const sent: string[] = []
    const send = async (item: OutboxItem) => {
      sent.push(item.id)
      return server.send(item)
    }
    for (let index = 0; index < 5; index += 1)
      await enqueueTrial(db, alice, body(`t${index}`), clock - 10 + index)
    await Promise.all([
      replayOutbox({ db, send, now }, alice),
      replayOutbox({ db, send, now }, alice),
    ])
    expect(sent).toHaveLength(5)
    expect(new Set(sent).size).toBe(5)
    expect(server.stored.size).toBe(5)
  })

  it('resends harmlessly after a crash between the server storing a trial and the outbox deleting it', async () => {
    const server = fakeServer()
    const item = await enqueueTrial(db, alice, body('once'), clock)
    // The server stores it, but the answer is lost (the tab closes, the connection drops).
    server.stored.set(item.id, item.body)
    server.answerWith(() => ({ kind: 'stored' }))
    await replayOutbox({ db, send: (queued) => server.send(queued), now }, alice)
    expect(server.stored.size).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it("sends only the signed-in user's trials, and keeps everyone's unsent trials at logout", async () => {
    const server = fakeServer()
    server.answerWith(() => ({ kind: 'offline' }))
    await enqueueTrial(db, alice, body('alice'), clock)
    await enqueueTrial(db, bob, body('bob'), clock)
    await db.drafts.put({
      userId: alice,
      state: { step: 3 },
      updatedAt: new Date(clock).toISOString(),
    })
    await forgetDraftsOnLogout(db, alice)
    expect(await db.drafts.count()).toBe(0)
    expect(await db.outbox.count()).toBe(2)

    server.answerWith(() => ({ kind: 'stored' }))
    await replayOutbox({ db, send: (item) => server.send(item), now }, bob)
    expect([...server.stored.values()].map((trial) => trial.comment)).toEqual(['bob'])
    expect((await db.outbox.toArray()).map((item) => item.userId)).toEqual([alice])
  })

  it('freezes the queued body: later changes to the answers object do not reach the outbox', async () => {
    const answers = body('original')
    const item = await enqueueTrial(db, alice, answers, clock)
    answers.comment = 'changed'
    expect((await db.outbox.get(item.id))?.body.comment).toBe('original')
  })
})
