import type {
  Edition,
  EditionConsents,
  EditionLists,
  EditionTexts,
} from '../../contract/content-edition.ts'
import {
  editionList,
  otherKey,
  structuralKeys,
  type ContentUpdateBody,
  type EditionListName,
} from '../../contract/content-requests.ts'
import type { Locale } from '../../contract/locale.ts'

/**
 * A draft as the admin edits it (docs/api.md#content-editions): every list by its dotted name, the
 * consents and the auto-tick, and which answers were added since the draft was opened (those may
 * be removed again; the others are retired). Pure: the screen keeps it in a reducer.
 */
export interface DraftAnswer {
  key: string
  labels: EditionTexts
  active: boolean
  /** A stick colour's swatch (`#rrggbb`); undefined in the other lists. */
  swatch?: string | undefined
}

export type DraftLists = Record<EditionListName, DraftAnswer[]>

export interface DraftState {
  lists: DraftLists
  consents: EditionConsents
  consentAutoTick: boolean
  /** `list/key` of the answers added since the draft was opened. */
  added: string[]
}

export type ConsentName = keyof EditionConsents

export type DraftAction =
  | { type: 'load'; edition: Edition }
  | { type: 'relabel'; list: EditionListName; index: number; locale: Locale; text: string }
  | { type: 'swatch'; list: EditionListName; index: number; swatch: string }
  | { type: 'move'; list: EditionListName; index: number; by: -1 | 1 }
  | { type: 'setActive'; list: EditionListName; index: number; active: boolean }
  | { type: 'add'; list: EditionListName; answer: NewAnswer }
  | { type: 'remove'; list: EditionListName; index: number }
  | { type: 'consentText'; consent: ConsentName; locale: Locale; text: string }
  | { type: 'autoTick'; value: boolean }

export interface NewAnswer {
  key: string
  labels: EditionTexts
  swatch?: string | undefined
}

const swatchOf = (answer: { swatch?: string }) => answer.swatch

/** A value for each list, by its dotted name. */
export function byListName<T>(of: (name: EditionListName) => T): Record<EditionListName, T> {
  return {
    genders: of('genders'),
    ageRanges: of('ageRanges'),
    habits: of('habits'),
    consumptions: of('consumptions'),
    referralSources: of('referralSources'),
    stickColors: of('stickColors'),
    'stickImpressions.positive': of('stickImpressions.positive'),
    'stickImpressions.negative': of('stickImpressions.negative'),
    'stickImpressions.neutral': of('stickImpressions.neutral'),
    'deviceImpressions.positive': of('deviceImpressions.positive'),
    'deviceImpressions.negative': of('deviceImpressions.negative'),
    'deviceImpressions.neutral': of('deviceImpressions.neutral'),
    shoppingAnswers: of('shoppingAnswers'),
    purchaseReasons: of('purchaseReasons'),
    noPurchaseReasons: of('noPurchaseReasons'),
  }
}

/** The draft state of an edition as the server sent it. */
export function draftOf(edition: Edition): DraftState {
  const lists = byListName((name) =>
    name === 'stickColors'
      ? edition.lists.stickColors.map((answer) => ({ ...answer, labels: { ...answer.labels } }))
      : editionList(edition.lists, name).map((answer) => ({
          key: answer.key,
          labels: { ...answer.labels },
          active: answer.active,
        })),
  )
  return {
    lists,
    consents: {
      privacyPolicy: { ...edition.consents.privacyPolicy },
      analizeData: { ...edition.consents.analizeData },
    },
    consentAutoTick: edition.consentAutoTick,
    added: [],
  }
}

/** Whether an answer of a list may never be retired (it steers the wizard, or is `other`). */
export function isStructural(list: EditionListName, key: string): boolean {
  return key === otherKey || (structuralKeys[list]?.includes(key) ?? false)
}

export const addedId = (list: EditionListName, key: string) => `${list}/${key}`

function withList(
  state: DraftState,
  list: EditionListName,
  change: (answers: DraftAnswer[]) => DraftAnswer[],
): DraftState {
  return { ...state, lists: { ...state.lists, [list]: change(state.lists[list]) } }
}

function changeAt(
  state: DraftState,
  list: EditionListName,
  index: number,
  change: (answer: DraftAnswer) => DraftAnswer,
): DraftState {
  return withList(state, list, (answers) =>
    answers.map((answer, at) => (at === index ? change(answer) : answer)),
  )
}

/** The reducer of the draft's edits; an edit the rules refuse (retiring `other`) changes nothing. */
export function draftReducer(state: DraftState, action: DraftAction): DraftState {
  switch (action.type) {
    case 'load':
      return draftOf(action.edition)
    case 'relabel':
      return changeAt(state, action.list, action.index, (answer) => ({
        ...answer,
        labels: { ...answer.labels, [action.locale]: action.text },
      }))
    case 'swatch':
      return changeAt(state, action.list, action.index, (answer) => ({
        ...answer,
        swatch: action.swatch,
      }))
    case 'move':
      return move(state, action.list, action.index, action.by)
    case 'setActive': {
      const answer = state.lists[action.list][action.index]
      if (!answer || (!action.active && isStructural(action.list, answer.key))) return state
      return changeAt(state, action.list, action.index, (found) => ({
        ...found,
        active: action.active,
      }))
    }
    case 'add':
      return add(state, action.list, action.answer)
    case 'remove': {
      const answer = state.lists[action.list][action.index]
      const id = answer && addedId(action.list, answer.key)
      if (!id || !state.added.includes(id)) return state
      return {
        ...withList(state, action.list, (answers) =>
          answers.filter((_, at) => at !== action.index),
        ),
        added: state.added.filter((other) => other !== id),
      }
    }
    case 'consentText':
      return {
        ...state,
        consents: {
          ...state.consents,
          [action.consent]: { ...state.consents[action.consent], [action.locale]: action.text },
        },
      }
    case 'autoTick':
      return { ...state, consentAutoTick: action.value }
  }
}

/** Whether an answer may move by one place: `other` stays last, and nothing passes it. */
export function canMove(answers: readonly DraftAnswer[], index: number, by: -1 | 1): boolean {
  const to = index + by
  const answer = answers[index]
  const other = answers[to]
  if (!answer || !other) return false
  return answer.key !== otherKey && other.key !== otherKey
}

function move(state: DraftState, list: EditionListName, index: number, by: -1 | 1): DraftState {
  if (!canMove(state.lists[list], index, by)) return state
  return withList(state, list, (answers) => {
    const next = [...answers]
    const [answer] = next.splice(index, 1)
    if (answer) next.splice(index + by, 0, answer)
    return next
  })
}

function add(state: DraftState, list: EditionListName, answer: NewAnswer): DraftState {
  const answers = state.lists[list]
  if (answers.some((found) => found.key === answer.key)) return state
  const added: DraftAnswer = {
    key: answer.key,
    labels: { ...answer.labels },
    active: true,
    ...(list === 'stickColors' ? { swatch: answer.swatch ?? '#000000' } : {}),
  }
  // Before `other`, which stays last.
  const at = answers.findIndex((found) => found.key === otherKey)
  const next =
    at === -1 ? [...answers, added] : [...answers.slice(0, at), added, ...answers.slice(at)]
  return {
    ...withList(state, list, () => next),
    added: [...state.added, addedId(list, answer.key)],
  }
}

const trimmed = (texts: EditionTexts): EditionTexts => ({
  me: texts.me.trim(),
  sr: texts.sr.trim(),
  en: texts.en.trim(),
})

/** The lists in the edition's shape (each stick colour with its swatch). */
export function listsOf(lists: DraftLists): EditionLists {
  const plain = (name: EditionListName) =>
    lists[name].map((answer) => ({
      key: answer.key,
      labels: trimmed(answer.labels),
      active: answer.active,
    }))
  const impressions = (of: 'stickImpressions' | 'deviceImpressions') => ({
    positive: plain(`${of}.positive`),
    negative: plain(`${of}.negative`),
    neutral: plain(`${of}.neutral`),
  })
  return {
    genders: plain('genders'),
    ageRanges: plain('ageRanges'),
    habits: plain('habits'),
    consumptions: plain('consumptions'),
    referralSources: plain('referralSources'),
    stickColors: lists.stickColors.map((answer) => ({
      key: answer.key,
      labels: trimmed(answer.labels),
      active: answer.active,
      swatch: swatchOf(answer) ?? '',
    })),
    stickImpressions: impressions('stickImpressions'),
    deviceImpressions: impressions('deviceImpressions'),
    shoppingAnswers: plain('shoppingAnswers'),
    purchaseReasons: plain('purchaseReasons'),
    noPurchaseReasons: plain('noPurchaseReasons'),
  }
}

/** What `POST /content/update` sends for the draft: its whole content, labels trimmed. */
export function updateBodyOf(id: number, state: DraftState): ContentUpdateBody {
  return {
    id,
    lists: listsOf(state.lists),
    consents: {
      privacyPolicy: trimmed(state.consents.privacyPolicy),
      analizeData: trimmed(state.consents.analizeData),
    },
    consentAutoTick: state.consentAutoTick,
  }
}

/** The draft's content as an edition's, to compare it with another (the diff). */
export function contentOf(state: DraftState) {
  const body = updateBodyOf(0, state)
  return { lists: body.lists, consents: body.consents, consentAutoTick: body.consentAutoTick }
}
