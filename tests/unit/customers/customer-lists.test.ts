import { describe, expect, it } from 'vitest'
import { newestFirst, summarizeLoyalty } from '../../../src/features/customers/customer-lists.ts'
import { nextPage } from '../../../src/api/paging.ts'
import { loyaltyRules } from '../../../src/contract/customers.ts'

const page = (size: number) => ({ rows: Array.from({ length: size }, (_, index) => index) })

describe('nextPage', () => {
  it('asks for the next page while fewer rows than the count are loaded', () => {
    expect(nextPage([page(20)], 45, 1)).toBe(2)
    expect(nextPage([page(20), page(20)], 45, 2)).toBe(3)
  })

  it('stops once every row is loaded', () => {
    expect(nextPage([page(20), page(20), page(5)], 45, 3)).toBeUndefined()
    expect(nextPage([page(0)], 0, 1)).toBeUndefined()
  })

  it('stops at an empty page even when the count promised more', () => {
    expect(nextPage([page(20), page(0)], 45, 2)).toBeUndefined()
  })
})

describe('newestFirst', () => {
  it('puts the latest first and breaks ties by the higher id', () => {
    const notes = [
      { id: 1, at: '2025-01-01T10:00:00Z' },
      { id: 2, at: '2025-03-01T10:00:00Z' },
      { id: 3, at: '2025-01-01T10:00:00Z' },
    ]
    expect(newestFirst(notes, (note) => note.at).map((note) => note.id)).toEqual([2, 3, 1])
  })

  it('leaves the list it was given as it was', () => {
    const notes = [
      { id: 1, at: '2025-01-01' },
      { id: 2, at: '2025-02-01' },
    ]
    newestFirst(notes, (note) => note.at)
    expect(notes.map((note) => note.id)).toEqual([1, 2])
  })
})

describe('summarizeLoyalty', () => {
  it('lists every earning rule in order, with its actions, points and last date', () => {
    const summary = summarizeLoyalty([
      { id: 1, rule: 'birthday', points: 50, date: '2024-04-02T08:00:00Z' },
      { id: 2, rule: 'welcome', points: 100, date: '2023-01-10T08:00:00Z' },
      { id: 3, rule: 'birthday', points: 50, date: '2025-04-02T08:00:00Z' },
    ])
    expect(summary.map((row) => row.rule)).toEqual([...loyaltyRules])
    expect(summary.find((row) => row.rule === 'birthday')).toEqual({
      rule: 'birthday',
      count: 2,
      points: 100,
      lastDate: '2025-04-02T08:00:00Z',
    })
    expect(summary.find((row) => row.rule === 'game-bonus')).toEqual({
      rule: 'game-bonus',
      count: 0,
      points: 0,
      lastDate: null,
    })
  })
})
