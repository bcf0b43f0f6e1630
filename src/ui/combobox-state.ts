import { useCombobox, type UseComboboxState, type UseComboboxStateChangeOptions } from 'downshift'

/**
 * The combobox's list as downshift sees it: the caller's items plus, for paged lists, a
 * "Load more" entry at the end that loads the next page instead of being selected.
 */
export type ComboboxEntry<T> = { kind: 'item'; item: T } | { kind: 'more' }

export function toEntries<T>(items: readonly T[], withMore: boolean): ComboboxEntry<T>[] {
  const entries: ComboboxEntry<T>[] = items.map((item) => ({ kind: 'item', item }))
  if (withMore) entries.push({ kind: 'more' })
  return entries
}

const types = useCombobox.stateChangeTypes

/**
 * Adjusts downshift's proposed changes (downshift passes the whole next state as `changes`):
 * - picking "Load more" keeps the menu open, the selection and the text as they are;
 * - emptying the text clears the selection;
 * - leaving the input without picking puts the chosen item's text back, so that the text never
 *   names something other than the selection.
 */
export function comboboxStateReducer<T>(entryToString: (entry: ComboboxEntry<T> | null) => string) {
  return (
    state: UseComboboxState<ComboboxEntry<T>>,
    { type, changes }: Pick<UseComboboxStateChangeOptions<ComboboxEntry<T>>, 'type' | 'changes'>,
  ): Partial<UseComboboxState<ComboboxEntry<T>>> => {
    if (changes.selectedItem?.kind === 'more') {
      const stayOpen = type !== types.InputBlur
      return {
        ...changes,
        selectedItem: state.selectedItem,
        inputValue: state.inputValue,
        isOpen: stayOpen,
        highlightedIndex: stayOpen ? state.highlightedIndex : -1,
      }
    }
    if (type === types.InputChange && changes.inputValue === '') {
      return { ...changes, selectedItem: null }
    }
    const keptSelection =
      changes.selectedItem === undefined || changes.selectedItem === state.selectedItem
    if (type === types.InputBlur && state.selectedItem && keptSelection) {
      return { ...changes, inputValue: entryToString(state.selectedItem) }
    }
    return changes
  }
}
