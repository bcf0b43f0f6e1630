import { describe, expect, it } from 'vitest'
import { useCombobox, type UseComboboxState } from 'downshift'
import {
  comboboxStateReducer,
  toEntries,
  type ComboboxEntry,
} from '../../../src/ui/combobox-state.ts'

interface Store {
  id: number
  name: string
}

const types = useCombobox.stateChangeTypes
const belgrade: ComboboxEntry<Store> = { kind: 'item', item: { id: 1, name: 'Beograd' } }
const budva: ComboboxEntry<Store> = { kind: 'item', item: { id: 2, name: 'Budva' } }
const more: ComboboxEntry<Store> = { kind: 'more' }
const reducer = comboboxStateReducer<Store>((entry) =>
  entry?.kind === 'item' ? entry.item.name : '',
)

function state(overrides: Partial<UseComboboxState<ComboboxEntry<Store>>> = {}) {
  return { highlightedIndex: -1, selectedItem: null, isOpen: true, inputValue: '', ...overrides }
}

describe('combobox entries', () => {
  it('adds a "load more" entry after the items only when more pages exist', () => {
    expect(toEntries([belgrade.item], true)).toEqual([belgrade, more])
    expect(toEntries([belgrade.item], false)).toEqual([belgrade])
  })
})

describe('combobox state reducer', () => {
  it('clicking "load more" keeps the menu open, the selection and the typed text', () => {
    const before = state({ selectedItem: belgrade, inputValue: 'bu', highlightedIndex: 2 })
    const next = reducer(before, {
      type: types.ItemClick,
      changes: { selectedItem: more, inputValue: '', isOpen: false, highlightedIndex: -1 },
    })
    expect(next).toMatchObject({
      selectedItem: belgrade,
      inputValue: 'bu',
      isOpen: true,
      highlightedIndex: 2,
    })
  })

  it('leaving the input on "load more" closes the menu without selecting it', () => {
    const next = reducer(state({ selectedItem: null, inputValue: 'bu', highlightedIndex: 2 }), {
      type: types.InputBlur,
      changes: { selectedItem: more, inputValue: '', isOpen: false, highlightedIndex: -1 },
    })
    expect(next).toMatchObject({ selectedItem: null, inputValue: 'bu', isOpen: false })
  })

  it('emptying the text clears the selection', () => {
    const before = state({ selectedItem: belgrade, inputValue: 'B' })
    const next = reducer(before, {
      type: types.InputChange,
      changes: { ...before, inputValue: '', isOpen: true },
    })
    expect(next.selectedItem).toBeNull()
  })

  it('typing other text keeps the selection until something else is picked', () => {
    const before = state({ selectedItem: belgrade, inputValue: 'Beograd' })
    const next = reducer(before, {
      type: types.InputChange,
      changes: { ...before, inputValue: 'Bu', isOpen: true },
    })
    expect(next).toMatchObject({ selectedItem: belgrade, inputValue: 'Bu' })
  })

  it('leaving the input without picking puts the chosen item’s text back', () => {
    const before = state({ selectedItem: belgrade, inputValue: 'Bud' })
    const next = reducer(before, {
      type: types.InputBlur,
      changes: { ...before, isOpen: false, highlightedIndex: -1 },
    })
    expect(next).toMatchObject({ selectedItem: belgrade, inputValue: 'Beograd', isOpen: false })
  })

  it('leaving the input by picking the highlighted item keeps downshift’s text for it', () => {
    const before = state({ selectedItem: belgrade, inputValue: 'Bud', highlightedIndex: 1 })
    const next = reducer(before, {
      type: types.InputBlur,
      changes: { ...before, selectedItem: budva, inputValue: 'Budva', isOpen: false },
    })
    expect(next).toMatchObject({ selectedItem: budva, inputValue: 'Budva' })
  })

  it('leaving the input with nothing chosen keeps what was typed', () => {
    const before = state({ inputValue: 'Bud' })
    const next = reducer(before, {
      type: types.InputBlur,
      changes: { ...before, isOpen: false, highlightedIndex: -1 },
    })
    expect(next.inputValue).toBe('Bud')
  })

  it('picking an item passes downshift’s changes through', () => {
    const changes = { selectedItem: budva, inputValue: 'Budva', isOpen: false }
    expect(reducer(state({ selectedItem: belgrade }), { type: types.ItemClick, changes })).toEqual(
      changes,
    )
  })
})
