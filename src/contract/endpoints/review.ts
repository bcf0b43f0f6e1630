import { endpoint } from '../endpoint.ts'
import { messages } from '../messages.ts'
import { administration } from '../policy.ts'
import { correctionBodySchema, reviewBodySchema, revisionRefSchema } from '../review-requests.ts'
import { reviewMessages } from '../review-messages.ts'

// Review and correction (docs/api.md#review): administration only.
export const trialReview = endpoint({
  method: 'POST',
  path: '/questionnaire/review',
  summary:
    "Accepts or rejects a trial at its latest revision, as a new revision; another revision is 409. Audited as `trial.review` by ids and the reason's code.",
  policy: { allow: administration },
  body: reviewBodySchema,
  answer: revisionRefSchema,
  errors: { 404: [messages.notFound], 409: [reviewMessages.trialRevisionStale] },
  idempotent: true,
})

export const trialCorrect = endpoint({
  method: 'POST',
  path: '/questionnaire/correct',
  summary:
    "Corrects a trial at its latest revision with a JSON merge patch on `{ store_id, comment }`, as a new revision; the trial as received is kept, and its key and fingerprint stay. Audited as `trial.correct` with the paths changed and the reason's code.",
  policy: { allow: administration },
  body: correctionBodySchema,
  answer: revisionRefSchema,
  errors: {
    404: [messages.notFound, messages.storeNotFound],
    409: [reviewMessages.trialRevisionStale],
  },
  idempotent: true,
})
