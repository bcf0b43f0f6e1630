import { correctableTexts, patchOf, type CorrectableText } from './correction.ts'

/**
 * What the accept form of a quarantined trial (docs/api.md#quarantine) offers to change in the
 * trial as its tablet sent it, its contact opened: the store it names, the contact given and the
 * texts typed. The body was refused, so nothing in it is assumed: each is read only when there.
 */
export interface QuarantinedAnswers {
  /** The store the body names by its id, when it does. */
  storeId: number | null
  /** The customer's email and phone, under `comment.email`, when the trial holds a contact. */
  contact: CorrectableText[]
  texts: CorrectableText[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function answersOf(opened: unknown): QuarantinedAnswers {
  if (!isRecord(opened)) return { storeId: null, contact: [], texts: [] }
  const { store_id: storeId, comment } = opened
  const given = isRecord(comment) && isRecord(comment.email) ? comment.email : null
  return {
    storeId: typeof storeId === 'number' && Number.isInteger(storeId) ? storeId : null,
    contact: given
      ? (['email', 'phone'] as const).map((field) => ({
          path: ['email', field],
          value: typeof given[field] === 'string' ? given[field] : '',
        }))
      : [],
    texts: correctableTexts(comment),
  }
}

/**
 * The acceptance's `changes`: a merge patch on the opened body holding only what the admin
 * changed (`{}`: accepted as it is).
 */
export function acceptanceChanges(
  answers: QuarantinedAnswers,
  form: { storeId: number | null; texts: Readonly<Record<string, string>> },
): Record<string, unknown> {
  return patchOf({ storeId: answers.storeId, texts: [...answers.contact, ...answers.texts] }, form)
}
