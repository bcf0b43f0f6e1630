import { afterEach, expect, it, vi } from 'vitest'
import { MemoryStorage } from '../../support/memory-storage.ts'
import { edition } from '../content-admin/edition-fixture.ts'

// The network is not asked here: what is kept and read is.
vi.mock('../../../src/api/client.ts', () => ({ call: vi.fn() }))

const storageKey = 'brand-expert.content-editions'

/** The modules as a page loads them, on a storage of its own. */
async function freshPage(storage = new MemoryStorage()) {
  vi.resetModules()
  vi.stubGlobal('localStorage', storage)
  return {
    editions: await import('../../../src/offline/content-editions.ts'),
    held: await import('../../../src/offline/held-edition.ts'),
    storage,
  }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

it('tells which edition is held and since when, the same answer until another is kept, and its listeners then', async () => {
  const { editions, held } = await freshPage()
  expect(held.heldMark()).toBeUndefined()
  expect(held.heldEditionId()).toBeNull()
  const told = vi.fn()
  held.subscribeEditions(told)

  editions.keepEdition(edition(2), '2026-12-01T08:00:00.000Z')
  const mark = held.heldMark()
  expect(mark).toEqual({ current: 2, fetchedAt: '2026-12-01T08:00:00.000Z' })
  expect(held.heldMark()).toBe(mark)
  expect(told).toHaveBeenCalledTimes(1)

  editions.keepEdition(edition(3), '2026-12-02T08:00:00.000Z')
  expect(held.heldMark()).toEqual({ current: 3, fetchedAt: '2026-12-02T08:00:00.000Z' })
  expect(held.heldEditionId()).toBe(3)
  expect(editions.heldEdition(2)?.id).toBe(2)
  expect(told).toHaveBeenCalledTimes(2)
})

it('reads again what another tab kept, and nothing of a shape it does not know', async () => {
  const { editions, held, storage } = await freshPage()
  editions.keepEdition(edition(2))
  expect(held.heldEditionId()).toBe(2)
  const other = { current: 4, fetchedAt: '2026-12-03T08:00:00.000Z', editions: [edition(4)] }
  storage.setItem(storageKey, JSON.stringify(other))
  expect(held.heldEditionId()).toBe(4)
  storage.setItem(storageKey, JSON.stringify({ current: 'four' }))
  expect(held.heldMark()).toBeUndefined()
  storage.setItem(storageKey, '{')
  expect(held.heldEditionId()).toBeNull()
})
