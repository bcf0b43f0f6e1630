/**
 * The rules an edition keeps to be saved or published (docs/api.md#content-editions), beyond the
 * shape its schema reads: keys never reused nor lost, the answers that steer the wizard never
 * retired, `other` last. Each refusal names its field, as a schema's do.
 */
import type { EditionLists } from '#contract/content-edition.ts'
import { contentMessages } from '#contract/content-messages.ts'
import {
  editionList,
  editionListNames,
  newKeyPattern,
  otherKey,
  structuralKeys,
  type EditionListName,
} from '#contract/content-requests.ts'
import * as options from '#contract/trial-options.ts'
import { namesStickEntries } from '#contract/trial.ts'
import type { InvalidField } from '../../http-error.ts'

/** Edition 1's keys, which keep their forms (capitals, slashes, spaces, `+`). */
const firstKeys: Record<EditionListName, readonly string[]> = {
  genders: options.genders,
  ageRanges: options.ageRanges,
  habits: options.habits,
  consumptions: options.consumptions,
  referralSources: options.referralSources,
  stickColors: options.stickColors,
  'stickImpressions.positive': options.stickImpressions.positive,
  'stickImpressions.negative': options.stickImpressions.negative,
  'stickImpressions.neutral': options.stickImpressions.neutral,
  'deviceImpressions.positive': options.deviceImpressions.positive,
  'deviceImpressions.negative': options.deviceImpressions.negative,
  'deviceImpressions.neutral': options.deviceImpressions.neutral,
  shoppingAnswers: options.shoppingAnswers,
  purchaseReasons: options.purchaseReasons,
  noPurchaseReasons: options.noPurchaseReasons,
}

/**
 * Whether a key may stand in a list: edition 1's as they are, any other of the new keys' form; a
 * stick colour's also names its entries in a trial's answers (`coral`, `coralComment`).
 */
function wellFormed(name: EditionListName, key: string): boolean {
  if (firstKeys[name].includes(key)) return true
  return newKeyPattern.test(key) && (name !== 'stickColors' || namesStickEntries(key))
}

/**
 * What is wrong with `lists` given the lists of the editions published or scheduled before
 * (`kept`): an empty list when nothing is.
 */
export function listRefusals(lists: EditionLists, kept: readonly EditionLists[]): InvalidField[] {
  const refusals: InvalidField[] = []
  const refuse = (field: string, message: { id: string }) =>
    refusals.push({ field: `lists.${field}`, message: message.id })
  for (const name of editionListNames) {
    const list = editionList(lists, name)
    const steering = structuralKeys[name] ?? []
    const seen = new Set<string>()
    list.forEach(({ key, active }, index) => {
      if (!wellFormed(name, key)) refuse(`${name}.${index}.key`, contentMessages.contentKeyInvalid)
      else if (seen.has(key)) refuse(`${name}.${index}.key`, contentMessages.contentKeyDuplicate)
      else if (key === otherKey && index !== list.length - 1) {
        refuse(`${name}.${index}.key`, contentMessages.contentOtherLast)
      } else if (!active && (key === otherKey || steering.includes(key))) {
        refuse(`${name}.${index}.active`, contentMessages.contentKeyStructural)
      }
      seen.add(key)
    })
    const required = new Set([
      ...steering,
      ...kept.flatMap((old) => editionList(old, name).map((answer) => answer.key)),
    ])
    if ([...required].some((key) => !seen.has(key))) {
      refuse(name, contentMessages.contentKeyRemoved)
    }
  }
  return refusals
}
