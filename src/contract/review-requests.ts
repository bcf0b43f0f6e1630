import * as v from 'valibot'
import { maxId } from './http.ts'
import { messages } from './messages.ts'
import { correctionReasons, rejectionReasons } from './review.ts'

/**
 * The requests of the review (docs/api.md#review), apart from the review's own shapes: only the
 * administration's screens send them, so a trial's path does not carry them (the Sent list's
 * look-up is in trial-decisions.ts).
 */

const revisionField = v.pipe(
  v.number(messages.required.id),
  v.integer(messages.invalid.id),
  v.minValue(1, messages.invalid.id),
)
const trialId = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))
const comment = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, messages.tooLong.id)), '')

/**
 * `POST /questionnaire/review`: a decision on the trial at its latest `revision` (else 409
 * `trial.revisionStale`); `reason` required to reject, `comment` required for `other`.
 */
export const reviewBodySchema = v.pipe(
  v.object({
    id: trialId,
    revision: revisionField,
    state: v.picklist(['accepted', 'rejected'], messages.required.id),
    reason: v.optional(v.picklist(rejectionReasons, messages.required.id)),
    comment,
  }),
  v.forward(
    v.check(
      (input) => input.state === 'accepted' || input.reason !== undefined,
      messages.required.id,
    ),
    ['reason'],
  ),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.comment !== '', messages.required.id),
    ['comment'],
  ),
)
export type ReviewBody = v.InferOutput<typeof reviewBodySchema>

/**
 * `POST /questionnaire/correct`: `changes` is a JSON merge patch on the trial's
 * `{ store_id, comment }` (the latest revision's); the result must be a valid trial.
 */
export const correctionBodySchema = v.pipe(
  v.object({
    id: trialId,
    revision: revisionField,
    changes: v.pipe(
      v.record(v.picklist(['store_id', 'comment']), v.unknown()),
      v.minEntries(1, messages.required.id),
    ),
    reason: v.picklist(correctionReasons, messages.required.id),
    comment,
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.comment !== '', messages.required.id),
    ['comment'],
  ),
)
export type CorrectionBody = v.InferOutput<typeof correctionBodySchema>

/** What a decision or a correction answers: the trial and its new latest revision. */
export const revisionRefSchema = v.object({ id: v.number(), revision: v.number() })
