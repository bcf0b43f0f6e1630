import { editionSchema } from '../content-edition.ts'
import { device, signedIn } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The edition in use, which every tablet reads (docs/api.md#content-editions); the administration's
// calls on the editions are in content-admin.ts, which tablets never load.

export const contentCurrent = endpoint({
  method: 'GET',
  path: '/content/current',
  summary:
    "The edition in use: the trial's answer lists and the consents' texts (an `ETag`; 304 to a matching `If-None-Match`).",
  policy: { allow: [...signedIn, device] },
  answer: editionSchema,
  conditional: 'read',
})
