import { endpoint } from '../endpoint.ts'
import { device, signedIn } from '../policy.ts'
import {
  quarantineBodySchema,
  quarantineOutcomeListSchema,
  quarantineOutcomeSchema,
  quarantineOutcomesQuerySchema,
} from '../quarantine.ts'

// The tablet's side of the quarantine (docs/api.md#quarantine): a finally refused trial handed
// over with its author's device credential, and what became of it. The administration's side is
// `quarantine-admin.ts`.

export const deviceQuarantine = endpoint({
  method: 'POST',
  path: '/device/quarantine',
  summary:
    "Hands a trial the server refused for good to the quarantine, as the tablet holds it (stored as received, never validated), under the credential's user; the same key again answers the same item.",
  policy: { allow: [device] },
  body: quarantineBodySchema,
  answer: quarantineOutcomeSchema,
  status: 201,
})

export const quarantineOutcomes = endpoint({
  method: 'GET',
  path: '/device/quarantine',
  summary:
    "What became of one's own quarantined trials, by key (up to 100): waiting, accepted (with the trial) or rejected (with the reason); an unknown key is left out.",
  policy: { allow: [...signedIn, device] },
  query: quarantineOutcomesQuerySchema,
  answer: quarantineOutcomeListSchema,
})
