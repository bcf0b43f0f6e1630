import 'fake-indexeddb/auto'
import Dexie from 'dexie'
import { afterEach, describe, expect, it } from 'vitest'
import { OfflineDatabase, upgradeStep } from '../../../src/offline/database.ts'
import { databaseProblem, readOutbox } from '../../../src/offline/open-problem.ts'
import {
  enqueueTrial,
  releaseAfterLogin,
  replayOutbox,
} from '../../../src/offline/outbox/outbox.ts'
import type { OutboxItem, SendOutcome } from '../../../src/offline/outbox/outbox-state.ts'

const alice = 11
const clock = 1_700_000_000_000

/** Rows exactly as the first published build wrote them: no version on the items or the draft. */
const writtenByVersion1 = {
  outbox: [
    {
      id: '5f0c3a52-8a8e-4c57-9d55-2a4f4b3c1d01',
      userId: alice,
      createdAt: new Date(clock - 3000).toISOString(),
      body: { store_id: 3, comment: 'first, queued offline' },
      state: 'waiting',
      attempts: 2,
      nextAttemptAt: clock - 1000,
      error: null,
    },
    {
      id: '5f0c3a52-8a8e-4c57-9d55-2a4f4b3c1d02',
      userId: alice,
      createdAt: new Date(clock - 2000).toISOString(),
      body: {
        store_id: 4,
        comment: {
          gender: 'male',
          ageRange: '25-34',
          habits: 'HTS',
          habitsData: { HTS: null },
          email: { email: 'kupac@example.me', privacyPolicy: true, analizeData: true },
        },
      },
      state: 'waiting',
      attempts: 0,
      nextAttemptAt: clock - 2000,
      error: null,
    },
    {
      id: '5f0c3a52-8a8e-4c57-9d55-2a4f4b3c1d03',
      userId: alice,
      createdAt: new Date(clock - 1000).toISOString(),
      body: { store_id: 3, comment: 'waits for the next sign-in' },
      state: 'needs-login',
      attempts: 1,
      nextAttemptAt: clock - 1000,
      error: null,
    },
  ],
  draft: {
    userId: alice,
    state: { trialId: '5f0c3a52-8a8e-4c57-9d55-2a4f4b3c1d04', stepIndex: 2, answers: {} },
    updatedAt: new Date(clock - 500).toISOString(),
  },
}

const names: string[] = []

/** A database as version 1 of the app left it, under a name of its own. */
async function version1Database(): Promise<string> {
  const name = `upgrade-${crypto.randomUUID()}`
  names.push(name)
  const old = new Dexie(name)
  old.version(1).stores({ outbox: 'id, userId, state, createdAt', drafts: 'userId' })
  await old.open()
  await old.table('outbox').bulkAdd(structuredClone(writtenByVersion1.outbox))
  await old.table('drafts').add(structuredClone(writtenByVersion1.draft))
  old.close()
  return name
}

const { toVersion3 } = upgradeStep

afterEach(async () => {
  upgradeStep.toVersion3 = toVersion3
  for (const name of names.splice(0)) await Dexie.delete(name)
})

/** A server that stores every trial it is sent, as it is sent. */
function server() {
  const stored = new Map<string, unknown>()
  return {
    stored,
    send: (item: OutboxItem): Promise<SendOutcome> => {
      stored.set(item.id, structuredClone(item.body))
      return Promise.resolve({ kind: 'stored', serverId: stored.size })
    },
  }
}

describe('the device database written by version 1, opened by this build', () => {
  it('keeps every queued trial and the draft as they were, marks their build unknown, and sends them', async () => {
    const db = new OfflineDatabase(await version1Database())
    await db.open()
    // Upgraded through every step to the version a new device's database gets.
    const fresh = new OfflineDatabase(`fresh-${crypto.randomUUID()}`)
    await fresh.open()
    expect(db.verno).toBeGreaterThan(1)
    expect(db.verno).toBe(fresh.verno)
    fresh.close()

    const items = await db.outbox.orderBy('createdAt').toArray()
    expect(items).toEqual(writtenByVersion1.outbox.map((item) => ({ ...item, appVersion: null })))
    expect(await db.drafts.get(alice)).toEqual({ ...writtenByVersion1.draft, appVersion: null })

    const to = server()
    await replayOutbox({ db, send: to.send, now: () => clock }, alice)
    expect([...to.stored.keys()]).toEqual(writtenByVersion1.outbox.slice(0, 2).map((i) => i.id))
    const [needsLogin] = await db.outbox.toArray()
    expect(needsLogin?.state).toBe('needs-login')

    await releaseAfterLogin(db, alice, clock)
    await replayOutbox({ db, send: to.send, now: () => clock }, alice)
    // Each body reached the server exactly as version 1 froze it.
    expect(Object.fromEntries(to.stored)).toEqual(
      Object.fromEntries(writtenByVersion1.outbox.map((item) => [item.id, item.body])),
    )
    expect(await db.outbox.count()).toBe(0)
    expect(await db.receipts.count()).toBe(3)
    db.close()
  })

  it('records the build with what it queues from now on', async () => {
    const db = new OfflineDatabase(await version1Database())
    const item = await enqueueTrial(
      db,
      alice,
      { store_id: 3, comment: 'new' },
      clock,
      undefined,
      '1.5.0+abc1234',
    )
    expect(await db.outbox.get(item.id)).toMatchObject({ appVersion: '1.5.0+abc1234' })
    db.close()
  })

  it('after an upgrade that throws, still reads the outbox as it was, names the error and deletes nothing', async () => {
    const name = await version1Database()
    upgradeStep.toVersion3 = () => Promise.reject(new Error('the upgrade broke'))
    const db = new OfflineDatabase(name)
    await expect(db.open()).rejects.toThrow('the upgrade broke')

    const items = await readOutbox(db, alice)
    expect(items.map((item) => item.body)).toEqual(writtenByVersion1.outbox.map((i) => i.body))
    expect(items.map((item) => item.state)).toEqual(['waiting', 'waiting', 'needs-login'])
    expect(databaseProblem.get()?.message).toBe('the upgrade broke')

    // Nothing was changed or removed: the database is still version 1's, every row in it.
    const asStored = new Dexie(name)
    await asStored.open()
    expect(asStored.verno).toBe(1)
    expect(await asStored.table('outbox').toArray()).toEqual(writtenByVersion1.outbox)
    expect(await asStored.table('drafts').toArray()).toEqual([writtenByVersion1.draft])
    asStored.close()

    // A build whose upgrade works finds everything there.
    upgradeStep.toVersion3 = toVersion3
    const fixed = new OfflineDatabase(name)
    await fixed.open()
    expect(await fixed.outbox.count()).toBe(3)
    expect(await fixed.drafts.count()).toBe(1)
    fixed.close()
    db.close()
  })
})

describe('the device database written by version 6, opened by this build', () => {
  it("moves each sealed record under its user and name, as it was, so that another user's does not overwrite it", async () => {
    const name = `upgrade-${crypto.randomUUID()}`
    names.push(name)
    const old = new Dexie(name)
    old.version(6).stores({
      outbox: 'id, userId, state, createdAt',
      drafts: 'userId',
      vaults: 'userId',
      kept: 'name, userId',
    })
    await old.open()
    const sealed = { iv: new Uint8Array([1, 2, 3]), data: new Uint8Array([4, 5, 6]).buffer }
    const record = { name: 'session', userId: alice, sealed, keptAt: clock }
    await old.table('kept').add(structuredClone(record))
    old.close()

    const db = new OfflineDatabase(name)
    await db.open()
    expect(await db.keptRecords.get([alice, 'session'])).toEqual(record)
    await db.keptRecords.put({ ...record, userId: alice + 1 })
    expect(await db.keptRecords.where({ userId: alice }).count()).toBe(1)
    expect(db.tables.map((table) => table.name)).not.toContain('kept')
    db.close()
  })
})
