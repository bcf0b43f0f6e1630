/**
 * A trial's answers checked against its own content edition (docs/api.md#content-editions): every
 * key it holds must be one that edition shows, and active there. A key it does not know is a 400
 * naming the field, never dropped; a key retired in a later edition is still taken in a trial of
 * an edition that had it.
 */
import { and, eq, inArray } from 'drizzle-orm'
import type { EditionLists } from '#contract/content-edition.ts'
import { editionList, type EditionListName } from '#contract/content-requests.ts'
import { messages } from '#contract/messages.ts'
import { stickAnswer, stickEntryColours } from '#contract/trial.ts'
import type { Database } from '../../db/database.ts'
import { contentEditions } from '../../db/schema/content-editions.ts'
import { HttpError, type InvalidField } from '../../http-error.ts'
import type { CurrentTrial } from './upcast.ts'

/**
 * The lists of the editions tablets may have held (published, then maybe superseded), by
 * database: they never change once published, so each process reads each one once.
 */
const kept = new WeakMap<Database, Map<number, EditionLists>>()

async function listsOf(db: Database, id: number): Promise<EditionLists | undefined> {
  const known = kept.get(db) ?? new Map<number, EditionLists>()
  kept.set(db, known)
  const cached = known.get(id)
  if (cached) return cached
  const [row] = await db
    .select({ lists: contentEditions.lists })
    .from(contentEditions)
    .where(
      and(eq(contentEditions.id, id), inArray(contentEditions.state, ['published', 'superseded'])),
    )
  if (row) known.set(id, row.lists)
  return row?.lists
}

/**
 * The lists of each edition `editions` names, added to `known` (those it holds are not read
 * again): what a reader of many trials needs before it writes their answers in their words.
 */
export async function readEditionLists(
  db: Database,
  editions: Iterable<number>,
  known = new Map<number, EditionLists | undefined>(),
): Promise<Map<number, EditionLists | undefined>> {
  for (const id of new Set(editions)) {
    if (!known.has(id)) known.set(id, await listsOf(db, id))
  }
  return known
}

function refusal(field: string): HttpError {
  return new HttpError(400, messages.invalid.id, {
    invalidFields: [{ field, message: messages.invalid.id }],
  })
}

/** 400 for a trial whose answers its edition does not show, or that names no edition tablets had. */
export async function checkEditionAnswers(
  db: Database,
  trial: Pick<CurrentTrial, 'comment' | 'content_edition'>,
): Promise<void> {
  const { comment } = trial
  if (typeof comment === 'string') return
  const lists = await listsOf(db, trial.content_edition)
  if (!lists) throw refusal('content_edition')
  const refusals: InvalidField[] = []
  const check = (name: EditionListName, key: string, field: string) => {
    const answer = editionList(lists, name).find((entry) => entry.key === key)
    if (answer?.active !== true && !refusals.some((known) => known.field === field)) {
      refusals.push({ field: `comment.${field}`, message: messages.invalid.id })
    }
  }
  const each = (name: EditionListName, keys: readonly string[], field: string) =>
    keys.forEach((key, index) => check(name, key, `${field}.${index}`))
  const impressions = (
    group: 'stickImpressions' | 'deviceImpressions',
    given: Record<'positive' | 'negative' | 'neutral', readonly string[]>,
    field: string,
  ) => {
    each(`${group}.positive`, given.positive, `${field}.positive`)
    each(`${group}.negative`, given.negative, `${field}.negative`)
    each(`${group}.neutral`, given.neutral, `${field}.neutral`)
  }

  check('genders', comment.gender, 'gender')
  check('ageRanges', comment.ageRange, 'ageRange')
  for (const habit of comment.habits.split(';')) check('habits', habit, 'habits')
  check('consumptions', comment.consumption, 'consumption')
  each('referralSources', comment.referalSource, 'referalSource')
  each('stickColors', comment.consumptionOrder, 'consumptionOrder')
  for (const colour of Object.keys(comment.consumptionCounts ?? {})) {
    check('stickColors', colour, `consumptionCounts.${colour}`)
  }
  for (const colour of stickEntryColours(comment)) {
    check('stickColors', colour, colour)
    const given = stickAnswer(comment, colour).impression
    if (given) impressions('stickImpressions', given, colour)
  }
  if (comment.device) impressions('deviceImpressions', comment.device, 'device')
  check('shoppingAnswers', comment.shopping, 'shopping')
  if (comment.shoppingSuccess) {
    each('purchaseReasons', comment.shoppingSuccess.reason, 'shoppingSuccess.reason')
  }
  if (comment.shoppingUnsuccess) {
    each('noPurchaseReasons', comment.shoppingUnsuccess.reason, 'shoppingUnsuccess.reason')
  }
  const [first] = refusals
  if (first) throw new HttpError(400, first.message, { invalidFields: refusals })
}
