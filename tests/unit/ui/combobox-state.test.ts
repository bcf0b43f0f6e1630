import { describe, expect, it } from 'vitest'
import {
  closedList,
  escapeClears,
  nextListState,
  textAfterLeaving,
  toEntries,
  type ComboboxEntry,
  type ListState,
} from '../../../src/ui/combobox-state.ts'

interface Store {
  id: number
  name: string
}

const belgrade: ComboboxEntry<Store> = { kind: 'item', item: { id: 1, name: 'Beograd' } }
const more: ComboboxEntry<Store> = { kind: 'more' }
const open = (highlightedIndex: number): ListState => ({ isOpen: true, highlightedIndex })

describe('combobox entries', () => {
  it('adds a "load more" entry after the items only when more pages exist', () => {
    expect(toEntries([belgrade.item], true)).toEqual([belgrade, more])
    expect(toEntries([belgrade.item], false)).toEqual([belgrade])
  })
})

describe('the list of a combobox', () => {
  it('opens as the text is typed, with nothing highlighted', () => {
    expect(nextListState(closedList, { type: 'typed' })).toEqual(open(-1))
    expect(nextListState(open(2), { type: 'typed' })).toEqual(open(-1))
  })

  it('opens on ArrowDown at the chosen option, or else the first; ArrowUp at the last', () => {
    expect(nextListState(closedList, { type: 'arrowDown', count: 3, chosen: 1 })).toEqual(open(1))
    expect(nextListState(closedList, { type: 'arrowDown', count: 3, chosen: -1 })).toEqual(open(0))
    expect(nextListState(closedList, { type: 'arrowUp', count: 3, chosen: -1 })).toEqual(open(2))
  })

  it('moves through an open list with the arrows, wrapping round at both ends', () => {
    expect(nextListState(open(-1), { type: 'arrowDown', count: 3, chosen: -1 })).toEqual(open(0))
    expect(nextListState(open(0), { type: 'arrowDown', count: 3, chosen: -1 })).toEqual(open(1))
    expect(nextListState(open(2), { type: 'arrowDown', count: 3, chosen: -1 })).toEqual(open(0))
    expect(nextListState(open(0), { type: 'arrowUp', count: 3, chosen: -1 })).toEqual(open(2))
    expect(nextListState(open(2), { type: 'arrowUp', count: 3, chosen: -1 })).toEqual(open(1))
  })

  it('highlights nothing in an empty list', () => {
    expect(nextListState(closedList, { type: 'arrowDown', count: 0, chosen: -1 })).toEqual(open(-1))
  })

  it('goes to the ends with Home and End only while open', () => {
    expect(nextListState(open(1), { type: 'home', count: 3 })).toEqual(open(0))
    expect(nextListState(open(1), { type: 'end', count: 3 })).toEqual(open(2))
    expect(nextListState(closedList, { type: 'end', count: 3 })).toEqual(closedList)
  })

  it('follows the pointer while open, and toggles open and closed', () => {
    expect(nextListState(open(0), { type: 'pointer', index: 2 })).toEqual(open(2))
    expect(nextListState(closedList, { type: 'pointer', index: 2 })).toEqual(closedList)
    expect(nextListState(closedList, { type: 'toggle' })).toEqual(open(-1))
    expect(nextListState(open(1), { type: 'toggle' })).toEqual(closedList)
  })

  it('closes on Escape, on leaving and on a pick; "load more" keeps it open where it was', () => {
    expect(nextListState(open(1), { type: 'escape' })).toEqual(closedList)
    expect(nextListState(open(1), { type: 'close' })).toEqual(closedList)
    expect(nextListState(open(3), { type: 'loadMore' })).toEqual(open(3))
  })

  it('empties the field on an Escape only once the list is closed', () => {
    expect(escapeClears(open(0))).toBe(false)
    expect(escapeClears(closedList)).toBe(true)
  })
})

describe('the text after leaving the field', () => {
  it('is the chosen item’s again, so that it never names something else', () => {
    expect(textAfterLeaving('Bud', 'Beograd')).toBe('Beograd')
  })

  it('is what was typed when nothing is chosen', () => {
    expect(textAfterLeaving('Bud', null)).toBe('Bud')
  })
})
