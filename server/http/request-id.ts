import { randomUUID } from 'node:crypto'
import { createMiddleware } from 'hono/factory'
import { requestIdHeader } from '#contract/http.ts'
import type { AppEnv } from '../deps.ts'

/**
 * Gives each API request an id of its own, sent back in the `Request-Id` header of every answer,
 * errors included, and named in the logs: what a user reads off an error lets an operator find the
 * request. Made here, never taken from the request, so that no client can write another's id into
 * the logs.
 */
export const assignRequestId = createMiddleware<AppEnv>(async (c, next) => {
  const id = randomUUID()
  c.set('requestId', id)
  c.header(requestIdHeader, id)
  await next()
  // An answer made as a whole Response (a file, a stream) did not get the context's headers.
  if (!c.res.headers.has(requestIdHeader)) c.res.headers.set(requestIdHeader, id)
})
