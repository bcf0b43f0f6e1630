import { idParamsSchema } from '../http.ts'
import { messages } from '../messages.ts'
import { device, signedIn } from '../policy.ts'
import {
  trialBodySchema,
  trialCreatedSchema,
  trialDetailSchema,
  trialListSchema,
  trialSearchQuerySchema,
} from '../trial.ts'
import { endpoint } from '../endpoint.ts'
import { publicSealKeySchema } from '../trial-seal.ts'

// The specification's paths call the trial `free-guided` and `questionnaire`: these entries are
// where those names meet the trial.

// Roles (docs/behaviour.md#roles-and-access): "Free guided trial: any logged-in user; a manager's
// store is the assigned one". A device credential sends its user's queued trials whoever is signed
// in on the tablet, or nobody.
export const trialSubmit = endpoint({
  method: 'POST',
  path: '/free-guided/form',
  summary:
    "Stores a finished trial, at most once per user and Idempotency-Key; a manager's is filed at their own store. With a device credential, filed under the credential's user.",
  policy: { allow: [...signedIn, device], object: ['ownStore'] },
  body: trialBodySchema,
  answer: trialCreatedSchema,
  status: 201,
  errors: {
    400: [messages.trialSealBroken, messages.trialSealKeyUnknown],
    404: [messages.storeNotFound],
  },
  idempotent: true,
})

// The key a tablet seals a queued trial's contact to (decision 20). Not personal; the
// device credential reads it too, so a tablet can fetch it whoever is signed in.
export const trialSealKey = endpoint({
  method: 'GET',
  path: '/trial-seal-key',
  summary:
    "The server's current public key (ECDH P-256) that a finished trial's customer contact is sealed to, with its id.",
  policy: { allow: [...signedIn, device] },
  answer: publicSealKeySchema,
})

// Roles (docs/behaviour.md#roles-and-access): /experts/{id} lists an expert's trials for super and
// admin; others their own only.
export const trialSearch = endpoint({
  method: 'GET',
  path: '/questionnaire/search',
  summary: 'Trials, newest first, 20 a page; managers and agents see their own only.',
  policy: { allow: signedIn, object: ['ownTrial'] },
  query: trialSearchQuerySchema,
  answer: trialListSchema,
})

// Roles (docs/behaviour.md#roles-and-access): /surveys/{id} for super and admin; others their own
// only.
export const trialById = endpoint({
  method: 'GET',
  path: '/questionnaire/:id',
  summary: "One trial; another's is not found for managers and agents.",
  policy: { allow: signedIn, object: ['ownTrial'] },
  params: idParamsSchema,
  answer: trialDetailSchema,
  errors: { 404: [messages.notFound] },
})
