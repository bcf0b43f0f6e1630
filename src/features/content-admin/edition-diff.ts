import type { EditionConsents, EditionTexts } from '../../contract/content-edition.ts'
import { editionListNames, type EditionListName } from '../../contract/content-requests.ts'
import { locales, type Locale } from '../../contract/locale.ts'
import type { ConsentName, DraftAnswer, DraftLists } from './draft-edits.ts'

/**
 * What a draft changes against the edition in use (docs/api.md#content-editions): per list the
 * answers added, retired, made active again, relabelled (old and new words per language), swatches
 * changed and whether the order changed; the consents' texts changed; the auto-tick changed. Pure.
 */
export interface EditionContent {
  lists: DraftLists
  consents: EditionConsents
  consentAutoTick: boolean
}

export interface TextChange {
  locale: Locale
  from: string
  to: string
}

export interface ListDiff {
  list: EditionListName
  added: DraftAnswer[]
  retired: DraftAnswer[]
  reactivated: DraftAnswer[]
  relabelled: { answer: DraftAnswer; changes: TextChange[] }[]
  swatches: { answer: DraftAnswer; from: string; to: string }[]
  /** The answers both have are in another order. */
  reordered: boolean
}

export interface EditionDiff {
  lists: ListDiff[]
  consents: { consent: ConsentName; changes: TextChange[] }[]
  autoTick: { from: boolean; to: boolean } | null
}

export interface DiffSummary {
  added: number
  retired: number
  reactivated: number
  relabelled: number
  reordered: number
  swatches: number
  consents: number
  autoTick: boolean
}

function textChanges(from: EditionTexts, to: EditionTexts): TextChange[] {
  return locales
    .filter((locale) => from[locale].trim() !== to[locale].trim())
    .map((locale) => ({ locale, from: from[locale], to: to[locale] }))
}

function listDiff(
  list: EditionListName,
  before: readonly DraftAnswer[],
  after: readonly DraftAnswer[],
): ListDiff {
  const old = new Map(before.map((answer) => [answer.key, answer]))
  const diff: ListDiff = {
    list,
    added: [],
    retired: [],
    reactivated: [],
    relabelled: [],
    swatches: [],
    reordered: false,
  }
  for (const answer of after) {
    const was = old.get(answer.key)
    if (!was) {
      diff.added.push(answer)
      continue
    }
    if (was.active && !answer.active) diff.retired.push(answer)
    if (!was.active && answer.active) diff.reactivated.push(answer)
    const changes = textChanges(was.labels, answer.labels)
    if (changes.length > 0) diff.relabelled.push({ answer, changes })
    if (was.swatch !== undefined && answer.swatch !== undefined && was.swatch !== answer.swatch)
      diff.swatches.push({ answer, from: was.swatch, to: answer.swatch })
  }
  const kept = new Set(after.map((answer) => answer.key))
  const beforeOrder = before.map((answer) => answer.key).filter((key) => kept.has(key))
  const afterOrder = after.map((answer) => answer.key).filter((key) => old.has(key))
  diff.reordered = beforeOrder.join('\n') !== afterOrder.join('\n')
  return diff
}

const changed = (diff: ListDiff) =>
  diff.added.length +
    diff.retired.length +
    diff.reactivated.length +
    diff.relabelled.length +
    diff.swatches.length >
    0 || diff.reordered

/** The changes from `before` (the edition in use) to `after` (the draft); lists without any left out. */
export function editionDiff(before: EditionContent, after: EditionContent): EditionDiff {
  const consents = (['privacyPolicy', 'analizeData'] as const)
    .map((consent) => ({
      consent,
      changes: textChanges(before.consents[consent], after.consents[consent]),
    }))
    .filter((consent) => consent.changes.length > 0)
  return {
    lists: editionListNames
      .map((list) => listDiff(list, before.lists[list], after.lists[list]))
      .filter(changed),
    consents,
    autoTick:
      before.consentAutoTick === after.consentAutoTick
        ? null
        : { from: before.consentAutoTick, to: after.consentAutoTick },
  }
}

/** How many changes of each kind: the publication's confirmation says them. */
export function diffSummary(diff: EditionDiff): DiffSummary {
  const count = (of: (list: ListDiff) => number) =>
    diff.lists.reduce((total, list) => total + of(list), 0)
  return {
    added: count((list) => list.added.length),
    retired: count((list) => list.retired.length),
    reactivated: count((list) => list.reactivated.length),
    relabelled: count((list) => list.relabelled.length),
    reordered: count((list) => (list.reordered ? 1 : 0)),
    swatches: count((list) => list.swatches.length),
    consents: diff.consents.length,
    autoTick: diff.autoTick !== null,
  }
}

/** Whether the diff holds no change at all. */
export function isUnchanged(diff: EditionDiff): boolean {
  return diff.lists.length === 0 && diff.consents.length === 0 && diff.autoTick === null
}
