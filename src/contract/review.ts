import * as v from 'valibot'

/**
 * Review and correction of stored trials (docs/api.md#review): a decision on each trial, and
 * corrections that make new revisions while the trial as received is always kept.
 */
export const reviewStates = ['unreviewed', 'accepted', 'rejected'] as const
export type ReviewState = (typeof reviewStates)[number]

/** Why a trial is rejected; `other` needs a comment. */
export const rejectionReasons = [
  'test',
  'duplicate',
  'wrong-store',
  'not-a-customer',
  'other',
] as const
export type RejectionReason = (typeof rejectionReasons)[number]

/** Why a trial is corrected; `other` needs a comment. */
export const correctionReasons = ['wrong-store', 'wrong-answer', 'typo', 'other'] as const
export type CorrectionReason = (typeof correctionReasons)[number]

/**
 * What the server flags for review (`GET /questionnaire/search?flag=`): `duplicate` a possible
 * duplicate, `late` captured more than an hour before it arrived, `clock` the tablet's clock was
 * off or its time not believable, `store` at a store other than its author's own (for an author
 * who has one), `any` one of them.
 */
export const trialFlags = ['any', 'duplicate', 'late', 'clock', 'store'] as const
export type TrialFlag = (typeof trialFlags)[number]

export const revisionKinds = ['received', 'review', 'correction'] as const

const person = v.object({ id: v.number(), fullname: v.string() })

/** A trial's review: its state, the rejection's reason and comment, who decided and when. */
export const reviewSchema = v.object({
  state: v.picklist(reviewStates),
  reason: v.nullable(v.picklist(rejectionReasons)),
  comment: v.nullable(v.string()),
  by: v.nullable(person),
  at: v.nullable(v.string()),
})
export type Review = v.InferOutput<typeof reviewSchema>

/**
 * One revision of a trial: 1 is the trial as received (`changes` null); each decision (`review`,
 * `reason` its rejection reason or null when accepted) and correction (`correction`, `changes` the
 * merge patch applied) adds one.
 */
export const revisionSchema = v.object({
  revision: v.number(),
  kind: v.picklist(revisionKinds),
  by: v.nullable(person),
  at: v.string(),
  state: v.nullable(v.picklist(reviewStates)),
  reason: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  changes: v.nullable(v.record(v.string(), v.unknown())),
})
export type Revision = v.InferOutput<typeof revisionSchema>
