import { endpoint } from '../endpoint.ts'
import { device, signedIn } from '../policy.ts'
import { decisionListSchema, decisionsQuerySchema } from '../trial-decisions.ts'

// The author's tablet reads the decisions on the trials it sent (the Sent list): apart from the
// review's endpoints (review.ts), which only the administration's screens call. Registered before
// `/questionnaire/:id`.
export const trialDecisions = endpoint({
  method: 'GET',
  path: '/questionnaire/decisions',
  summary:
    "Review decisions and corrections on one's own trials, by id (up to 100): another's trial, or an unknown id, is left out.",
  policy: { allow: [...signedIn, device] },
  query: decisionsQuerySchema,
  answer: decisionListSchema,
})
