import type { countries } from '../../../src/contract/stores.ts'
import { dayMs, hashOf, randomFrom, type Random } from '../../../server/demo/seed-random.ts'
import { now, seed } from './options.ts'

/* Who runs the generated trials, and the random streams every generator draws from. */

export type Country = (typeof countries)[number]
export type Store = { id: number; name: string; country: Country }
/** A manager's time at a store, from `from` (ms) until the next stint. */
export type Stint = { storeId: number; from: number }
/** Someone who runs trials, redeems vouchers and writes visit notes. */
export type Author = {
  id: number
  fullname: string
  role: 'agent' | 'manager'
  country: Country
  /** An agent's stores: mostly the first. */
  usual: number[]
  /** A manager's stints, oldest first; the last is the store they are checked in to. */
  stints: Stint[]
}

/** One independent stream per entity, so that each is made from the seed and its number alone. */
export const streams = { store: 11, expert: 12, trial: 13, voucher: 14 } as const
export const streamOf = (stream: number, number: number) => randomFrom(hashOf(seed, stream, number))

export const twoYears = 730 * dayMs
export const historyStart = now.getTime() - twoYears

/** The store a manager was checked in to at `time`; null for an agent. */
export function stintAt(author: Author, time: number): number | null {
  const { stints } = author
  let low = 0
  let high = stints.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((stints[middle]?.from ?? Infinity) <= time) low = middle
    else high = middle - 1
  }
  return stints[low]?.storeId ?? null
}

/** Where an author ran a trial at `time`: a manager at their store then, an agent at a usual one. */
export function storeAt(author: Author, time: number, random: Random): number | null {
  if (author.role === 'manager') return stintAt(author, time)
  const roll = random.next()
  return author.usual[roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2] ?? null
}
