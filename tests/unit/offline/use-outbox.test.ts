import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import { enqueueTrial } from '../../../src/offline/outbox/outbox.ts'
import { sharedWatch, watchOutbox } from '../../../src/offline/outbox/use-outbox.ts'
import type { OutboxItem } from '../../../src/offline/outbox/outbox-state.ts'

const alice = 11
const clock = 1_000_000
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

let db: OfflineDatabase

beforeEach(async () => {
  db = new OfflineDatabase(`test-${crypto.randomUUID()}`)
  await db.open()
})

afterEach(async () => {
  await db.delete()
})

/** Watches alice's count, recording each read and each answer. */
function watchCount(throttleMs: number) {
  const answers: number[] = []
  let reads = 0
  const stop = watchOutbox(
    db,
    () => {
      reads += 1
      return db.outbox.where('userId').equals(alice).count()
    },
    (count) => answers.push(count),
    throttleMs,
  )
  return { answers, reads: () => reads, stop }
}

async function until(condition: () => boolean, timeoutMs = 2_000) {
  const started = Date.now()
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('timed out')
    await sleep(5)
  }
}

describe('watching the outbox for the header and the outbox screen', () => {
  it('answers at once; a change soon after waits for the throttle, one after a quiet moment does not', async () => {
    const slow = watchCount(10_000)
    await until(() => slow.answers.length === 1)
    expect(slow.answers).toEqual([0])
    await enqueueTrial(db, alice, { store_id: 1, comment: 'a' }, clock)
    await sleep(50)
    expect(slow.answers).toEqual([0])
    slow.stop()

    const quick = watchCount(400)
    await until(() => quick.answers.length === 1)
    await sleep(450)
    const changed = Date.now()
    await enqueueTrial(db, alice, { store_id: 1, comment: 'b' }, clock)
    await until(() => quick.answers.length === 2)
    // Read at once, not a throttle period (400 ms) later.
    expect(Date.now() - changed).toBeLessThan(300)
    expect(quick.answers).toEqual([1, 2])
    quick.stop()
  })

  it('reads far fewer times than the outbox changes while it drains, and ends with the last state', async () => {
    const items: OutboxItem[] = []
    for (let index = 0; index < 40; index += 1)
      items.push(
        await enqueueTrial(db, alice, { store_id: 1, comment: `t${index}` }, clock + index),
      )
    const watch = watchCount(40)
    await until(() => watch.answers.length === 1)
    const started = Date.now()
    for (const item of items) await db.outbox.delete(item.id)
    await until(() => watch.answers.at(-1) === 0)
    const elapsed = Date.now() - started
    await sleep(100)
    expect(watch.answers.at(-1)).toBe(0)
    // One read at the start, then at most one per 40 ms: not one per deletion.
    expect(watch.reads()).toBeLessThanOrEqual(2 + Math.ceil(elapsed / 40))
    expect(watch.reads()).toBeLessThan(40)
    // Every answer is a count the outbox really went through, newest last.
    expect(watch.answers).toEqual([...watch.answers].sort((a, b) => b - a))
    watch.stop()
  })

  it('ignores the other tables, and stops reading once stopped', async () => {
    const watch = watchCount(0)
    await until(() => watch.answers.length === 1)
    await db.drafts.put({
      userId: alice,
      state: {},
      updatedAt: new Date(clock).toISOString(),
      appVersion: null,
    })
    await sleep(30)
    expect(watch.reads()).toBe(1)
    await enqueueTrial(db, alice, { store_id: 1, comment: 'x' }, clock)
    await until(() => watch.answers.length === 2)
    expect(watch.answers).toEqual([0, 1])
    watch.stop()
    await enqueueTrial(db, alice, { store_id: 1, comment: 'y' }, clock)
    await sleep(30)
    expect(watch.reads()).toBe(2)
  })
})

describe('one watch shared by every component showing the outbox', () => {
  it('reads once per change for all its listeners, and stops with the last one', async () => {
    let reads = 0
    const shared = sharedWatch(
      (watched, userId) => {
        reads += 1
        return watched.outbox.where('userId').equals(userId).count()
      },
      0,
      () => db,
    )
    const heard: string[] = []
    const header = shared.subscribe(alice, () => heard.push('header'))
    const logout = shared.subscribe(alice, () => heard.push('logout'))
    await until(() => shared.current(alice) === 0)
    expect(reads).toBe(1)
    expect(heard).toEqual(['header', 'logout'])

    await enqueueTrial(db, alice, { store_id: 1, comment: 'a' }, clock)
    await until(() => shared.current(alice) === 1)
    expect(reads).toBe(2)

    header()
    logout()
    expect(shared.current(alice)).toBeUndefined()
    await enqueueTrial(db, alice, { store_id: 1, comment: 'b' }, clock)
    await sleep(30)
    expect(reads).toBe(2)

    const again = shared.subscribe(alice, () => undefined)
    await until(() => shared.current(alice) === 2)
    again()
  })
})
