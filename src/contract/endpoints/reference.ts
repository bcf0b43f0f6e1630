import { everyone } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

/**
 * This API described as OpenAPI 3.1, generated from this table (server/openapi/); the readable
 * reference at `/api/docs` reads it. Public and cacheable: an API client or another front end
 * fetches it without signing in.
 */
export const openApiDocument = endpoint({
  method: 'GET',
  path: '/openapi.json',
  summary: 'This API as an OpenAPI 3.1 document (cacheable; revalidate with its ETag).',
  policy: { allow: everyone },
  answer: { file: ['application/json'] },
  withoutAppHeader: true,
})
