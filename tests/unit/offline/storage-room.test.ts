import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OfflineDatabase } from '../../../src/offline/database.ts'
import { finishTrialOnDevice, replayOutbox } from '../../../src/offline/outbox/outbox.ts'
import { writeMakingRoom } from '../../../src/offline/storage-room.ts'
import { isStorageNearlyFull } from '../../../src/offline/storage-state.ts'
import type { TrialBody } from '../../../src/contract/trial.ts'

const quotaError = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')
const body: TrialBody = { store_id: 3, comment: 'full device' }

let db: OfflineDatabase

beforeEach(async () => {
  db = new OfflineDatabase(`test-${crypto.randomUUID()}`)
  await db.open()
})

afterEach(async () => {
  await db.delete()
})

/** The device's database as a full device has it: the next `failures` writes of the outbox fail. */
async function fillUp(database: OfflineDatabase, failures: number) {
  let left = failures
  // Middleware applies from the next opening on.
  database.close()
  database.use({
    stack: 'dbcore',
    name: 'full-device',
    create: (down) => ({
      ...down,
      table: (name) => {
        const table = down.table(name)
        return {
          ...table,
          mutate: (request) => {
            if (name === 'outbox' && left > 0) {
              left -= 1
              return Promise.reject(quotaError())
            }
            return table.mutate(request)
          },
        }
      },
    }),
  })
  await database.open()
}

describe('a full device', () => {
  it('frees the pack images and keeps the finished trial when the outbox write does not fit', async () => {
    await fillUp(db, 1)
    const makeRoom = vi.fn(() => Promise.resolve(true))
    const finished = await finishTrialOnDevice(
      db,
      7,
      crypto.randomUUID(),
      body,
      1000,
      null,
      makeRoom,
    )
    expect(makeRoom).toHaveBeenCalledTimes(1)
    expect(finished.before).toBe(false)
    expect(await db.outbox.get(finished.trialId)).toMatchObject({ userId: 7, body })
    // The trial kept after the retry is sent as any other.
    const sent: string[] = []
    await replayOutbox(
      {
        db,
        now: () => 2000,
        send: (item) => {
          sent.push(item.id)
          return Promise.resolve({ kind: 'stored', serverId: 41 })
        },
      },
      7,
    )
    expect(sent).toEqual([finished.trialId])
  })

  it('says so when freeing the images was not enough, and makes no room twice', async () => {
    await fillUp(db, 2)
    const makeRoom = vi.fn(() => Promise.resolve(true))
    await expect(
      finishTrialOnDevice(db, 7, crypto.randomUUID(), body, 1000, null, makeRoom),
    ).rejects.toThrow()
    expect(makeRoom).toHaveBeenCalledTimes(1)
    expect(await db.outbox.count()).toBe(0)
  })

  it('retries only a refusal for want of room, and only when room was made', async () => {
    const other = new Error('something else')
    const makeRoom = vi.fn(() => Promise.resolve(true))
    await expect(writeMakingRoom(() => Promise.reject(other), makeRoom)).rejects.toBe(other)
    expect(makeRoom).not.toHaveBeenCalled()
    const nothingFreed = vi.fn(() => Promise.resolve(false))
    const write = vi.fn(() => Promise.reject(quotaError()))
    await expect(writeMakingRoom(write, nothingFreed)).rejects.toThrow('quota')
    expect(write).toHaveBeenCalledTimes(1)
  })

  it('warns from 80 % of the quota on', () => {
    expect(isStorageNearlyFull({ usage: 79, quota: 100, persisted: true })).toBe(false)
    expect(isStorageNearlyFull({ usage: 80, quota: 100, persisted: true })).toBe(true)
    expect(isStorageNearlyFull({ usage: undefined, quota: 100, persisted: true })).toBe(false)
  })
})
