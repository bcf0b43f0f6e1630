import * as v from 'valibot'
import { messages } from './messages.ts'
import { correctionReasons, rejectionReasons, reviewStates } from './review.ts'

/**
 * The decisions on one's own trials (docs/api.md#review), which the device's Sent list reads: apart
 * from the review's requests, which only the administration's screens send, so that a brand
 * expert's screens carry none of those.
 */

/** `GET /questionnaire/decisions?ids=1,2`: up to 100 of one's own trials, by id (int4: 9 digits). */
export const decisionsQuerySchema = v.object({
  ids: v.pipe(
    v.string(),
    v.regex(/^\d{1,9}(,\d{1,9}){0,99}$/, messages.invalid.id),
    v.transform((ids) => ids.split(',').map(Number)),
  ),
})

/**
 * A decision on one's own trial, for the Sent list: its review state and rejection reason, and
 * whether a correction changed it (`corrected`, with the last correction's reason).
 */
export const decisionSchema = v.object({
  id: v.number(),
  state: v.picklist(reviewStates),
  reason: v.nullable(v.picklist(rejectionReasons)),
  corrected: v.nullable(v.picklist(correctionReasons)),
})
export type Decision = v.InferOutput<typeof decisionSchema>
export const decisionListSchema = v.array(decisionSchema)
