import { performance } from 'node:perf_hooks'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import type { User } from '../../src/contract/auth.ts'
import type { AppEnv } from '../deps.ts'
import type { Logger } from '../log.ts'

/** The guard (server/auth/middleware.ts) sets the user on the routes it protects. */
type LoggedEnv = { Variables: AppEnv['Variables'] & { user?: User } }

/**
 * One entry per API request, once answered: its id, method, route template, status, duration and
 * the signed-in user's id. The template (`/api/v1/customer/:id`), never the path, and no headers,
 * query or body: those carry tokens, passwords and customers' emails and phones.
 */
export function logRequests(logger: Logger) {
  return createMiddleware<LoggedEnv>(async (c, next) => {
    const start = performance.now()
    c.set('logger', logger)
    await next()
    // The handler that answered: a route's own, or the middleware (`/api/v1/*`) that refused.
    const route = routePath(c)
    const ms = Math.round((performance.now() - start) * 10) / 10
    logger.info(
      {
        requestId: c.var.requestId,
        method: c.req.method,
        route,
        status: c.res.status,
        ms,
        user: c.var.user?.id,
      },
      'request',
    )
  })
}
