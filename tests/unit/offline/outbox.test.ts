import 'fake-indexeddb/auto'
import { wipeOnSignOut } from '../../../src/offline/vault.ts'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import {
  discardTrial,
  enqueueTrial,
  finishTrialOnDevice,
  releaseAfterLogin,
  replayOutbox,
  retryTrial,
} from '../../../src/offline/outbox/outbox.ts'
import type { OutboxItem, SendOutcome } from '../../../src/offline/outbox/outbox-state.ts'
import type { TrialBody } from '../../../src/contract/trial.ts'

const alice = 11
const bob = 12
const body = (comment: string): TrialBody => ({ store_id: 3, comment })

/** A server that honours Idempotency-Key: one stored trial per key, whatever is resent. */
function fakeServer() {
  const stored = new Map<string, TrialBody>()
  let answer: (item: OutboxItem) => SendOutcome = () => ({ kind: 'stored', serverId: 1 })
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

    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
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
    // The runner sends the user to sign in when the pass answers so.
    expect(await replayOutbox({ db, send: (item) => server.send(item), now }, alice)).toBe(
      'needs-login',
    )
    expect((await db.outbox.toArray()).map((item) => item.state)).toEqual([
      'needs-login',
      'needs-login',
    ])

    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(server.stored.size).toBe(0)
    await releaseAfterLogin(db, alice, clock)
    expect(await replayOutbox({ db, send: (item) => server.send(item), now }, alice)).toBe('done')
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

    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
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
    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
    await replayOutbox({ db, send: (queued) => server.send(queued), now }, alice)
    expect(server.stored.size).toBe(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it("sends everyone's trials whoever is signed in, and keeps them all at logout", async () => {
    const server = fakeServer()
    server.answerWith(() => ({ kind: 'offline' }))
    await enqueueTrial(db, alice, body('alice'), clock - 1)
    await enqueueTrial(db, bob, body('bob'), clock)
    await db.drafts.put({
      userId: alice,
      state: { step: 3 },
      updatedAt: new Date(clock).toISOString(),
      appVersion: null,
    })
    await wipeOnSignOut(db, alice)
    expect(await db.drafts.count()).toBe(0)
    expect(await db.outbox.count()).toBe(2)

    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
    clock += 60 * 60_000
    await replayOutbox({ db, send: (item) => server.send(item), now }, bob)
    expect([...server.stored.values()].map((trial) => trial.comment)).toEqual(['alice', 'bob'])
    expect(await db.outbox.count()).toBe(0)
  })

  it("keeps an author's trials for their sign-in when their credential is refused, and sends the others", async () => {
    const server = fakeServer()
    server.answerWith((item) =>
      item.userId === alice ? { kind: 'needs-login' } : { kind: 'stored', serverId: 1 },
    )
    await enqueueTrial(db, alice, body('alice 1'), clock - 3)
    await enqueueTrial(db, alice, body('alice 2'), clock - 2)
    await enqueueTrial(db, bob, body('bob'), clock - 1)
    expect(await replayOutbox({ db, send: (item) => server.send(item), now }, null)).toBe('done')
    expect([...server.stored.values()].map((trial) => trial.comment)).toEqual(['bob'])
    const left = await db.outbox.orderBy('createdAt').toArray()
    expect(left.map((item) => [item.body.comment, item.state])).toEqual([
      ['alice 1', 'needs-login'],
      ['alice 2', 'needs-login'],
    ])
    expect(await replayOutbox({ db, send: (item) => server.send(item), now }, alice)).toBe('done')
    server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
    await releaseAfterLogin(db, alice, clock)
    await replayOutbox({ db, send: (item) => server.send(item), now }, alice)
    expect(await db.outbox.count()).toBe(0)
  })

  it('queues a finished trial and drops its draft together, or neither', async () => {
    const trialId = crypto.randomUUID()
    const draft = {
      userId: alice,
      state: { trialId },
      updatedAt: new Date(clock).toISOString(),
      appVersion: null,
    }
    await db.drafts.put(draft)
    expect(await finishTrialOnDevice(db, alice, trialId, body('done'), clock)).toEqual({
      trialId,
      before: false,
    })
    expect(await db.outbox.get(trialId)).toMatchObject({ userId: alice })
    expect(await db.drafts.get(alice)).toBeUndefined()

    // The draft cannot be dropped: the trial is not queued either, and the draft stays.
    const next = crypto.randomUUID()
    const nextDraft = { ...draft, state: { trialId: next } }
    await db.drafts.put(nextDraft)
    db.drafts.hook('deleting', () => {
      throw new Error('the device refused')
    })
    await expect(finishTrialOnDevice(db, alice, next, body('again'), clock)).rejects.toThrow()
    expect(await db.outbox.count()).toBe(1)
    expect(await db.drafts.get(alice)).toMatchObject({ state: { trialId: next } })
  })

  it('adds one trial however often one wizard is finished, before and after it was sent', async () => {
    const server = fakeServer()
    const trialId = crypto.randomUUID()
    await finishTrialOnDevice(db, alice, trialId, body('first'), clock)
    // A second click, a reload or another tab finishing the same wizard, with other answers.
    expect(await finishTrialOnDevice(db, alice, trialId, body('second'), clock + 5)).toEqual({
      trialId,
      before: true,
    })
    expect((await db.outbox.toArray()).map((item) => item.body.comment)).toEqual(['first'])

    await replayOutbox({ db, send: (item) => server.send(item), now: () => clock + 10 }, alice)
    expect(await db.outbox.count()).toBe(0)
    expect(await db.receipts.get(trialId)).toMatchObject({ userId: alice, serverId: 1 })
    await finishTrialOnDevice(db, alice, trialId, body('third'), clock + 20)
    expect(await db.outbox.count()).toBe(0)
    expect([...server.stored.values()].map((trial) => trial.comment)).toEqual(['first'])
  })

  it('keeps a receipt a week, then forgets it', async () => {
    const server = fakeServer()
    const old = crypto.randomUUID()
    await enqueueTrial(db, alice, body('old'), clock, old)
    await replayOutbox({ db, send: (item) => server.send(item), now: () => clock }, alice)
    const week = 7 * 24 * 60 * 60_000
    await enqueueTrial(db, alice, body('new'), clock + week + 1)
    await replayOutbox(
      { db, send: (item) => server.send(item), now: () => clock + week + 1 },
      alice,
    )
    expect((await db.receipts.toArray()).map((receipt) => receipt.id)).not.toContain(old)
    expect(await db.receipts.count()).toBe(1)
  })

  it('never overwrites a queued trial with another under its id', async () => {
    const id = crypto.randomUUID()
    await enqueueTrial(db, alice, body('kept'), clock, id)
    await expect(enqueueTrial(db, alice, body('other'), clock, id)).rejects.toThrow()
    expect((await db.outbox.get(id))?.body.comment).toBe('kept')
  })

  it('freezes the queued body: later changes to the answers object do not reach the outbox', async () => {
    const answers = body('original')
    const item = await enqueueTrial(db, alice, answers, clock)
    answers.comment = 'changed'
    expect((await db.outbox.get(item.id))?.body.comment).toBe('original')
  })
})

/** A server that answers after `delay` ms and keeps count of the sends on the wire at once. */
function countingServer(delay = 5) {
  const server = fakeServer()
  const sent: string[] = []
  let inFlight = 0
  let widest = 0
  const send = async (item: OutboxItem): Promise<SendOutcome> => {
    sent.push(item.id)
    inFlight += 1
    widest = Math.max(widest, inFlight)
    try {
      await new Promise((resolve) => setTimeout(resolve, delay))
      return await server.send(item)
    } finally {
      inFlight -= 1
    }
  }
  return { server, sent, send, widest: () => widest, inFlight: () => inFlight }
}

async function enqueueMany(count: number, userId = alice): Promise<OutboxItem[]> {
  const items: OutboxItem[] = []
  for (let index = 0; index < count; index += 1)
    items.push(await enqueueTrial(db, userId, body(`t${index}`), clock - count + index))
  return items
}

describe('draining a long outbox', () => {
  it('sends the first trial alone, then at most `concurrency` at once, each once', async () => {
    const wire = countingServer()
    const firstAlone: number[] = []
    const items = await enqueueMany(20)
    await replayOutbox(
      {
        db,
        now,
        concurrency: 4,
        send: (item) => {
          if (item.id === items[0]?.id || item.id === items[1]?.id) firstAlone.push(wire.inFlight())
          return wire.send(item)
        },
      },
      alice,
    )
    expect(firstAlone).toEqual([0, 0])
    expect(wire.widest()).toBe(4)
    expect(wire.sent).toHaveLength(20)
    expect(new Set(wire.sent).size).toBe(20)
    expect(wire.server.stored.size).toBe(20)
    expect(await db.outbox.count()).toBe(0)
  })

  it('starts the trials oldest first', async () => {
    const wire = countingServer()
    const items = await enqueueMany(10)
    await replayOutbox({ db, now, send: wire.send }, alice)
    expect(wire.sent).toEqual(items.map((item) => item.id))
  })

  it('reads the outbox once per pass, not once per trial', async () => {
    let queries = 0
    const counted = new OfflineDatabase(`test-${crypto.randomUUID()}`)
    counted.use({
      stack: 'dbcore',
      name: 'count-outbox-queries',
      create: (down) => ({
        ...down,
        table: (name) => {
          const table = down.table(name)
          return name === 'outbox'
            ? {
                ...table,
                query: (request) => {
                  queries += 1
                  return table.query(request)
                },
                openCursor: (request) => {
                  queries += 1
                  return table.openCursor(request)
                },
              }
            : table
        },
      }),
    })
    try {
      for (let index = 0; index < 30; index += 1)
        await enqueueTrial(counted, alice, body(`q${index}`), clock - 30 + index)
      const wire = countingServer(1)
      await replayOutbox({ db: counted, now, send: wire.send }, alice)
      expect(wire.server.stored.size).toBe(30)
      // One read for the pass, one that finds nothing more to send.
      expect(queries).toBe(2)
    } finally {
      await counted.delete()
    }
  })

  it('with no connection tries one trial per pass, and leaves the others due and untouched', async () => {
    const wire = countingServer()
    wire.server.answerWith(() => ({ kind: 'offline' }))
    const items = await enqueueMany(10)
    await replayOutbox({ db, now, send: wire.send }, alice)
    expect(wire.sent).toEqual([items[0]?.id])
    const rows = await db.outbox.orderBy('createdAt').toArray()
    expect(rows.map((row) => row.attempts)).toEqual([1, 0, 0, 0, 0, 0, 0, 0, 0, 0])
    expect(
      rows.slice(1).every((row) => row.state === 'waiting' && row.nextAttemptAt <= clock),
    ).toBe(true)
  })

  it('takes no new trial after a failure mid-pass; the ones on the wire finish; nothing is sent twice', async () => {
    const wire = countingServer()
    const items = await enqueueMany(20)
    const failing = items[6]?.id
    wire.server.answerWith((item) =>
      item.id === failing ? { kind: 'offline' } : { kind: 'stored', serverId: 1 },
    )
    await replayOutbox({ db, now, send: wire.send }, alice)
    const failedAt = wire.sent.indexOf(failing ?? '')
    expect(failedAt).toBe(6)
    // The failed one and at most three started before its answer came back.
    expect(wire.sent.length).toBeLessThanOrEqual(6 + 1 + 3)
    expect(new Set(wire.sent).size).toBe(wire.sent.length)
    const left = await db.outbox.toArray()
    expect(left.length + wire.server.stored.size).toBe(20)
    for (const row of left) {
      if (row.id === failing)
        expect(row).toMatchObject({ attempts: 1, nextAttemptAt: clock + 2_000 })
      else
        expect(row).toMatchObject({
          state: 'waiting',
          attempts: 0,
          nextAttemptAt: clock - 20 + items.findIndex((item) => item.id === row.id),
        })
    }
    expect(left.filter((row) => row.attempts === 0).length).toBeGreaterThanOrEqual(10)

    // Once the backoff has passed, the rest go and each trial is stored once.
    wire.server.answerWith(() => ({ kind: 'stored', serverId: 1 }))
    clock += 2_000
    await replayOutbox({ db, now, send: wire.send }, alice)
    expect(wire.server.stored.size).toBe(20)
    expect(wire.sent.filter((id) => id === failing)).toHaveLength(2)
    expect(wire.sent).toHaveLength(21)
    expect(await db.outbox.count()).toBe(0)
  })

  it('goes on past a refused trial, which stays with its message', async () => {
    const wire = countingServer()
    const items = await enqueueMany(8)
    const refused = items[3]?.id
    wire.server.answerWith((item) =>
      item.id === refused
        ? { kind: 'refused', message: 'Nije dozvoljeno' }
        : { kind: 'stored', serverId: 1 },
    )
    await replayOutbox({ db, now, send: wire.send }, alice)
    expect(wire.server.stored.size).toBe(7)
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ id: refused, state: 'failed', error: 'Nije dozvoljeno' }),
    ])
  })

  it('after an expired session mid-pass sends nothing more and keeps the rest for the next sign-in', async () => {
    const wire = countingServer()
    const items = await enqueueMany(12)
    const expired = new Set(items.slice(5).map((item) => item.id))
    wire.server.answerWith((item) =>
      expired.has(item.id) ? { kind: 'needs-login' } : { kind: 'stored', serverId: 1 },
    )
    await replayOutbox({ db, now, send: wire.send }, alice)
    expect(wire.server.stored.size).toBe(5)
    expect(wire.sent.length).toBeLessThanOrEqual(5 + 4)
    const left = await db.outbox.toArray()
    expect(left).toHaveLength(7)
    expect(left.every((row) => row.state === 'needs-login')).toBe(true)
  })

  it('does not send a trial removed while the pass runs, nor bring back one removed while it was sent', async () => {
    const wire = countingServer()
    const items = await enqueueMany(8)
    const removedBefore = items[6]?.id ?? ''
    const removedDuring = items[2]?.id ?? ''
    const send = async (item: OutboxItem): Promise<SendOutcome> => {
      if (item.id === items[0]?.id) await db.outbox.delete(removedBefore)
      if (item.id === removedDuring) {
        await db.outbox.delete(removedDuring)
        return { kind: 'refused', message: 'x' }
      }
      return wire.send(item)
    }
    await replayOutbox({ db, now, send }, alice)
    expect(wire.sent).not.toContain(removedBefore)
    expect(wire.server.stored.size).toBe(6)
    expect(await db.outbox.count()).toBe(0)
  })

  it('stops taking trials when sending throws, and reports the error once the wire is quiet', async () => {
    const wire = countingServer()
    const items = await enqueueMany(12)
    const broken = items[4]?.id
    const send = async (item: OutboxItem): Promise<SendOutcome> => {
      if (item.id === broken) throw new Error('disk gone')
      return wire.send(item)
    }
    await expect(replayOutbox({ db, now, send }, alice)).rejects.toThrow('disk gone')
    expect(wire.inFlight()).toBe(0)
    expect(wire.sent.length).toBeLessThanOrEqual(4 + 3)
    expect(await db.outbox.count()).toBe(12 - wire.server.stored.size)
  })
})
