import { idParamsSchema, searchQuerySchema } from '../http.ts'
import { messages } from '../messages.ts'
import { signedIn } from '../policy.ts'
import { storeListSchema, storeSchema } from '../stores.ts'
import { endpoint } from '../endpoint.ts'

// Roles (docs/behaviour.md#roles-and-access): any logged-in user: the trial's store step and the
// managers' store picker search stores.
export const storeSearch = endpoint({
  method: 'GET',
  path: '/store/search',
  summary: 'Open stores whose name or address holds the query, 20 a page.',
  policy: { allow: signedIn },
  query: searchQuerySchema,
  answer: storeListSchema,
})

// Roles (docs/behaviour.md#roles-and-access): any logged-in user, as the store search.
export const storeById = endpoint({
  method: 'GET',
  path: '/store/:id',
  summary: 'One store.',
  policy: { allow: signedIn },
  params: idParamsSchema,
  answer: storeSchema,
  errors: { 404: [messages.storeNotFound] },
})
