import { editionSchema } from '../content-edition.ts'
import { editionMessages } from '../edition-messages.ts'
import { idParamsSchema } from '../http.ts'
import { device, signedIn } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The editions every role reads (docs/api.md#content-editions): the one in use, which every tablet
// takes, and one by its id, in whose words a trial's answers are read. The administration's calls
// on the editions are in content-admin.ts, which tablets never load.

export const contentCurrent = endpoint({
  method: 'GET',
  path: '/content/current',
  summary:
    "The edition in use: the trial's answer lists and the consents' texts (an `ETag`; 304 to a matching `If-None-Match`).",
  policy: { allow: [...signedIn, device] },
  answer: editionSchema,
  conditional: 'read',
})

export const contentById = endpoint({
  method: 'GET',
  path: '/content/:id',
  summary:
    "One edition with its content; its `ETag` is what an update's `If-Match` names. An edition not yet published (a draft, a scheduled one) is found by the administration only.",
  policy: { allow: signedIn },
  params: idParamsSchema,
  answer: editionSchema,
  conditional: 'read',
  errors: { 404: [editionMessages.contentNotFound] },
})
