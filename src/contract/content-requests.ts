import * as v from 'valibot'
import { editionStates, type EditionAnswer, type EditionLists } from './content-edition.ts'
import { contentMessages } from './content-messages.ts'
import { listOf, maxId, pageSchema } from './http.ts'
import { messages } from './messages.ts'

/**
 * The administration's side of the content editions (docs/api.md#content-editions): the list, and
 * the bodies of the calls that make, edit and publish an edition. Only the administration's
 * screens send these; the rules that need the editions already published are the server's
 * (server/routes/content/rules.ts).
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))
const person = v.object({ id: v.number(), fullname: v.string() })

/** At most this many answers in one list. */
export const maxAnswers = 100

const label = v.pipe(
  v.string(messages.required.id),
  v.trim(),
  v.minLength(1, messages.required.id),
  v.maxLength(120, messages.tooLong.id),
)
const labels = v.object({ me: label, sr: label, en: label })
const consentText = v.pipe(
  v.string(messages.required.id),
  v.trim(),
  v.minLength(1, messages.required.id),
  v.maxLength(2000, messages.tooLong.id),
)

/** A key as stored: a new one must also match `newKeyPattern` (edition 1's keep their forms). */
const key = v.pipe(
  v.string(messages.required.id),
  v.minLength(1, messages.required.id),
  v.maxLength(40, contentMessages.contentKeyInvalid.id),
)
export const newKeyPattern = /^[a-z0-9][a-z0-9-]{0,39}$/

const answer = v.object({ key, labels, active: v.boolean(messages.required.id) })
const stickColor = v.object({
  ...answer.entries,
  swatch: v.pipe(
    v.string(messages.required.id),
    v.regex(/^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/, contentMessages.contentSwatchInvalid.id),
  ),
})
const list = v.pipe(v.array(answer), v.maxLength(maxAnswers, messages.tooLong.id))
const impressions = v.strictObject({ positive: list, negative: list, neutral: list })

/** `lists` as an admin sends it: exactly the wizard's lists, each entry's shape and words. */
export const editionListsInputSchema = v.strictObject({
  genders: list,
  ageRanges: list,
  habits: list,
  consumptions: list,
  referralSources: list,
  stickColors: v.pipe(v.array(stickColor), v.maxLength(maxAnswers, messages.tooLong.id)),
  stickImpressions: impressions,
  deviceImpressions: impressions,
  shoppingAnswers: list,
  purchaseReasons: list,
  noPurchaseReasons: list,
})

/** The 15 lists by their dotted names, as `invalidFields` name them (`lists.habits.2.key`). */
export const editionListNames = [
  'genders',
  'ageRanges',
  'habits',
  'consumptions',
  'referralSources',
  'stickColors',
  'stickImpressions.positive',
  'stickImpressions.negative',
  'stickImpressions.neutral',
  'deviceImpressions.positive',
  'deviceImpressions.negative',
  'deviceImpressions.neutral',
  'shoppingAnswers',
  'purchaseReasons',
  'noPurchaseReasons',
] as const
export type EditionListName = (typeof editionListNames)[number]

/** One list of an edition by its dotted name. */
export function editionList(lists: EditionLists, name: EditionListName): readonly EditionAnswer[] {
  switch (name) {
    case 'stickImpressions.positive':
      return lists.stickImpressions.positive
    case 'stickImpressions.negative':
      return lists.stickImpressions.negative
    case 'stickImpressions.neutral':
      return lists.stickImpressions.neutral
    case 'deviceImpressions.positive':
      return lists.deviceImpressions.positive
    case 'deviceImpressions.negative':
      return lists.deviceImpressions.negative
    case 'deviceImpressions.neutral':
      return lists.deviceImpressions.neutral
    default:
      return lists[name]
  }
}

/**
 * The answers that steer the wizard: relabelled, never retired. Besides these, every list's
 * `other` stays active and last.
 */
export const structuralKeys: Partial<Record<EditionListName, readonly string[]>> = {
  genders: ['male', 'female'],
  habits: ['HTS', 'RMC'],
  shoppingAnswers: ['yes', 'no'],
}
export const otherKey = 'other'

/** `GET /content/search?page=`: the editions, newest first, 20 a page, without their content. */
export const contentSearchQuerySchema = v.object({ page: pageSchema })
export const editionSummarySchema = v.object({
  id: v.number(),
  state: v.picklist(editionStates),
  publishAt: v.nullable(v.string()),
  publishedAt: v.nullable(v.string()),
  publishedBy: v.nullable(person),
  createdAt: v.string(),
  createdBy: v.nullable(person),
})
export type EditionSummary = v.InferOutput<typeof editionSummarySchema>
export const editionListSchema = listOf(editionSummarySchema)

/** `POST /content/create { from? }`: a draft copied from `from`, or from the edition in use. */
export const contentCreateBodySchema = v.object({ from: v.optional(id) })
export type ContentCreateBody = v.InferOutput<typeof contentCreateBodySchema>

/** `POST /content/update`: a draft's whole content, replaced. */
export const contentUpdateBodySchema = v.object({
  id,
  lists: editionListsInputSchema,
  consents: v.strictObject({
    privacyPolicy: v.object({ me: consentText, sr: consentText, en: consentText }),
    analizeData: v.object({ me: consentText, sr: consentText, en: consentText }),
  }),
  consentAutoTick: v.boolean(messages.required.id),
})
export type ContentUpdateBody = v.InferOutput<typeof contentUpdateBodySchema>

/** `POST /content/publish { id, at? }`: now, or at `at` when it is in the future (scheduled). */
export const contentPublishBodySchema = v.object({
  id,
  at: v.optional(
    v.pipe(v.string(messages.invalid.id), v.maxLength(40), v.isoTimestamp(messages.invalid.id)),
  ),
})
export type ContentPublishBody = v.InferOutput<typeof contentPublishBodySchema>

/** `POST /content/cancel { id }` and `POST /content/delete { id }`. */
export const contentIdBodySchema = v.object({ id })
export type ContentIdBody = v.InferOutput<typeof contentIdBodySchema>

/** What cancel and delete answer: the edition and its state after (`deleted` once gone). */
export const contentDeletedSchema = v.object({ id: v.number(), deleted: v.literal(true) })
