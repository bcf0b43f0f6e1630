import { describe, expect, it } from 'vitest'
import { batchedPerTurn } from '../../../server/db/batched-per-turn.ts'

/** Stands for a database: `batchedPerTurn` only tells databases apart, it never queries them. */
function someDatabase(): object {
  return {}
}

describe('batchedPerTurn', () => {
  it('reads the keys asked for in one turn together, once each, and answers every caller', async () => {
    const reads: string[][] = []
    const read = batchedPerTurn((_db, keys: string[]) => {
      reads.push(keys)
      const found = keys.filter((key) => key !== 'missing')
      return Promise.resolve(new Map(found.map((key) => [key, `row ${key}`])))
    })
    const db = someDatabase()
    const answers = await Promise.all([
      read(db, 'a'),
      read(db, 'b'),
      read(db, 'a'),
      read(db, 'missing'),
    ])
    expect(answers).toEqual(['row a', 'row b', 'row a', undefined])
    expect(reads).toEqual([['a', 'b', 'missing']])

    expect(await read(db, 'b')).toBe('row b')
    expect(reads).toEqual([['a', 'b', 'missing'], ['b']])
  })

  it('keeps the reads of two databases apart', async () => {
    const read = batchedPerTurn((db: object, keys: number[]) => {
      const base = db === first ? 100 : 200
      return Promise.resolve(new Map(keys.map((key) => [key, base + key])))
    })
    const first = someDatabase()
    const second = someDatabase()
    expect(await Promise.all([read(first, 1), read(second, 1)])).toEqual([101, 201])
  })

  it('fails every caller of a failed read, and reads again in the next turn', async () => {
    let fail = true
    const read = batchedPerTurn((_db, keys: number[]) => {
      if (fail) return Promise.reject(new Error('connection lost'))
      return Promise.resolve(new Map(keys.map((key) => [key, key * 2])))
    })
    const db = someDatabase()
    const failed = await Promise.allSettled([read(db, 1), read(db, 2)])
    expect(failed.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    fail = false
    expect(await read(db, 2)).toBe(4)
  })
})
