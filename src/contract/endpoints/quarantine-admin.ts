import { endpoint } from '../endpoint.ts'
import { idParamsSchema } from '../http.ts'
import { messages } from '../messages.ts'
import { administration } from '../policy.ts'
import { quarantineMessages } from '../quarantine-messages.ts'
import {
  quarantineAcceptBodySchema,
  quarantineDecisionSchema,
  quarantinedDetailSchema,
  quarantinedListSchema,
  quarantineRejectBodySchema,
  quarantineSearchQuerySchema,
} from '../quarantine-requests.ts'

// The administration's side of the quarantine (docs/api.md#quarantine). Routed before the trials:
// `/questionnaire/quarantine` is not a trial's id.

export const quarantineSearch = endpoint({
  method: 'GET',
  path: '/questionnaire/quarantine',
  summary:
    'Trials the server refused for good and their tablets handed over, newest first, 20 a page.',
  policy: { allow: administration },
  query: quarantineSearchQuerySchema,
  answer: quarantinedListSchema,
})

export const quarantinedById = endpoint({
  method: 'GET',
  path: '/questionnaire/quarantine/:id',
  summary:
    'One quarantined trial: its body as received and, its contact opened, what a correction patches.',
  policy: { allow: administration },
  params: idParamsSchema,
  answer: quarantinedDetailSchema,
  errors: { 404: [messages.notFound] },
})

export const quarantineAccept = endpoint({
  method: 'POST',
  path: '/questionnaire/accept',
  summary:
    "Accepts a quarantined trial, corrected by a JSON merge patch on its opened body, as the one trial for its key: a later retry of the key answers that trial. Audited as `quarantine.accept` by ids and the reason's code.",
  policy: { allow: administration },
  body: quarantineAcceptBodySchema,
  answer: quarantineDecisionSchema,
  errors: {
    404: [messages.notFound, messages.storeNotFound],
    409: [quarantineMessages.quarantineDecided],
  },
  idempotent: true,
})

export const quarantineReject = endpoint({
  method: 'POST',
  path: '/questionnaire/reject',
  summary:
    "Rejects a quarantined trial with a reason; it stays as received. Audited as `quarantine.reject` by ids and the reason's code.",
  policy: { allow: administration },
  body: quarantineRejectBodySchema,
  answer: quarantineDecisionSchema,
  errors: { 404: [messages.notFound], 409: [quarantineMessages.quarantineDecided] },
  idempotent: true,
})
