import * as v from 'valibot'

/**
 * A content edition (docs/api.md#content-editions): the answer lists of the guided trial and the
 * consents' texts, as admins publish them without a release. Tablets will take the current one and
 * keep it offline, so this file holds the shape only; the rules an admin's edit must keep are
 * in `content-requests.ts`, which only the administration loads.
 */
export const editionStates = ['draft', 'scheduled', 'published', 'superseded'] as const
export type EditionState = (typeof editionStates)[number]

/** An edition that is or was in use: trials may name it. */
export function wasPublished(state: EditionState): boolean {
  return state === 'published' || state === 'superseded'
}

/** A text in each of the app's locales. */
const texts = v.object({ me: v.string(), sr: v.string(), en: v.string() })
export type EditionTexts = v.InferOutput<typeof texts>

/** One answer of a list: its stored key, its label, and whether new trials may still choose it. */
const answer = v.object({ key: v.string(), labels: texts, active: v.boolean() })
/** A stick's colour also carries the colour its swatch is drawn in. */
const stickColor = v.object({ ...answer.entries, swatch: v.string() })
const impressions = v.object({
  positive: v.array(answer),
  negative: v.array(answer),
  neutral: v.array(answer),
})

/** Every answer list of the wizard, each in display order (src/contract/trial-options.ts's names). */
export const editionListsSchema = v.object({
  genders: v.array(answer),
  ageRanges: v.array(answer),
  habits: v.array(answer),
  consumptions: v.array(answer),
  referralSources: v.array(answer),
  stickColors: v.array(stickColor),
  stickImpressions: impressions,
  deviceImpressions: impressions,
  shoppingAnswers: v.array(answer),
  purchaseReasons: v.array(answer),
  noPurchaseReasons: v.array(answer),
})
export type EditionLists = v.InferOutput<typeof editionListsSchema>
export type EditionAnswer = v.InferOutput<typeof answer>

export const editionConsentsSchema = v.object({ privacyPolicy: texts, analizeData: texts })
export type EditionConsents = v.InferOutput<typeof editionConsentsSchema>

export const editionSchema = v.object({
  id: v.number(),
  state: v.picklist(editionStates),
  /** When a scheduled edition is published (or was, once it is). */
  publishAt: v.nullable(v.string()),
  publishedAt: v.nullable(v.string()),
  publishedBy: v.nullable(v.object({ id: v.number(), fullname: v.string() })),
  lists: editionListsSchema,
  consents: editionConsentsSchema,
  /** A valid email or phone ticks both consents (each consent records who ticked it). */
  consentAutoTick: v.boolean(),
})
export type Edition = v.InferOutput<typeof editionSchema>
