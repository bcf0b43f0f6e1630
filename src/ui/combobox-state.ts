/**
 * The combobox's list: the caller's items plus, for paged lists, a "Load more" entry at the end
 * that loads the next page instead of being selected.
 */
export type ComboboxEntry<T> = { kind: 'item'; item: T } | { kind: 'more' }

export function toEntries<T>(items: readonly T[], withMore: boolean): ComboboxEntry<T>[] {
  const entries: ComboboxEntry<T>[] = items.map((item) => ({ kind: 'item', item }))
  if (withMore) entries.push({ kind: 'more' })
  return entries
}

/** Whether the list is open, and which entry the keyboard or the pointer is on (-1: none). */
export type ListState = { isOpen: boolean; highlightedIndex: number }

/** What happens to the list; `count` is the number of entries, `chosen` the chosen one's index. */
export type ListEvent =
  | { type: 'typed' }
  | { type: 'arrowDown' | 'arrowUp'; count: number; chosen: number }
  | { type: 'home' | 'end'; count: number }
  | { type: 'pointer'; index: number }
  | { type: 'toggle' }
  | { type: 'close' }
  | { type: 'escape' }
  | { type: 'loadMore' }

export const closedList: ListState = { isOpen: false, highlightedIndex: -1 }

/**
 * The list's next state (the ARIA 1.2 combobox pattern):
 * - typing opens the list with nothing highlighted;
 * - ArrowDown / ArrowUp open a closed list on the chosen entry (else the first / the last) and
 *   move through an open one, wrapping round; Home and End go to the ends of an open list;
 * - Escape, leaving the field, or a pick close it; "Load more" keeps it open where it was.
 * The selection and the text are the caller's (see `textAfterLeaving`, `escapeClears`).
 */
export function nextListState(state: ListState, event: ListEvent): ListState {
  switch (event.type) {
    case 'typed':
      return { isOpen: true, highlightedIndex: -1 }
    case 'arrowDown':
    case 'arrowUp': {
      const { count, chosen } = event
      if (count === 0) return { isOpen: true, highlightedIndex: -1 }
      const down = event.type === 'arrowDown'
      if (!state.isOpen) {
        return { isOpen: true, highlightedIndex: chosen >= 0 ? chosen : down ? 0 : count - 1 }
      }
      const from = state.highlightedIndex
      const index = down
        ? from < 0 || from >= count - 1
          ? 0
          : from + 1
        : from <= 0
          ? count - 1
          : from - 1
      return { isOpen: true, highlightedIndex: index }
    }
    case 'home':
    case 'end':
      if (!state.isOpen || event.count === 0) return state
      return { isOpen: true, highlightedIndex: event.type === 'home' ? 0 : event.count - 1 }
    case 'pointer':
      return state.isOpen ? { ...state, highlightedIndex: event.index } : state
    case 'toggle':
      return state.isOpen ? closedList : { isOpen: true, highlightedIndex: -1 }
    case 'close':
    case 'escape':
      return closedList
    case 'loadMore':
      return state
  }
}

/**
 * Escape on a closed list empties the field and the selection (a first Escape only closes it).
 */
export function escapeClears(state: ListState): boolean {
  return !state.isOpen
}

/**
 * The text after the field is left without a pick: the chosen item's text again, so that the
 * text never names something other than the selection; what was typed when nothing is chosen.
 */
export function textAfterLeaving(typed: string, chosenText: string | null): string {
  return chosenText ?? typed
}
