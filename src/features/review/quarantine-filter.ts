import { quarantineStates, type QuarantineState } from '../../contract/quarantine.ts'
import { deviceIdSchema } from '../../contract/http.ts'
import * as v from 'valibot'
import { quarantineFlag, type ReviewSearch } from '../../routing/review-search.ts'
import { recordIdOf } from './review-filter.ts'

/*
 * The Review screen's quarantine (`/review?flag=quarantined`, docs/api.md#quarantine): the trials
 * tablets handed over after a final refusal. Waiting ones by default; `state=all` for every state.
 */

export const quarantineListStates = [...quarantineStates, 'all'] as const
export type QuarantineListState = (typeof quarantineListStates)[number]

/** What the list asks the server for. */
export interface QuarantineFilter {
  state: QuarantineState | undefined
  user: number | undefined
  device: string | undefined
}

/** Whether the URL asks for the quarantine rather than the flagged trials. */
export function isQuarantine(search: ReviewSearch): boolean {
  return search.flag === quarantineFlag
}

/** The state the URL asks for: one of the list's, else the waiting ones. */
export function chosenListState(search: ReviewSearch): QuarantineListState {
  return quarantineListStates.find((state) => state === search.state) ?? 'waiting'
}

/** The URL's filters as the list's query: what it cannot read is left out. */
export function quarantineFilterOf(search: ReviewSearch): QuarantineFilter {
  const state = chosenListState(search)
  return {
    state: state === 'all' ? undefined : state,
    user: recordIdOf(search.user),
    device: v.is(deviceIdSchema, search.device) ? search.device : undefined,
  }
}

/** The form's choices as the URL's search; the tablet the URL names is kept until cleared. */
export function quarantineSearchOf(
  form: { state: QuarantineListState; user: number | null },
  device: string | undefined,
): ReviewSearch {
  return {
    flag: quarantineFlag,
    state: form.state === 'waiting' ? undefined : form.state,
    user: form.user ?? undefined,
    device,
  }
}
