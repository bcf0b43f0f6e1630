import { performance } from 'node:perf_hooks'
import { createMiddleware } from 'hono/factory'
import { routePath } from 'hono/route'
import { idempotentReplayedHeader } from '#contract/http.ts'
import type { User } from '#contract/auth.ts'
import type { AppEnv } from '../deps.ts'
import type { Logger } from '../log.ts'
import type { Metrics } from '../metrics.ts'

/** The guard (server/auth/middleware.ts) sets the user on the routes it protects. */
type LoggedEnv = { Variables: AppEnv['Variables'] & { user?: User } }

/**
 * One entry per API request, once answered: its id, method, route template, status, duration and
 * the signed-in user's id. The template (`/api/v1/customer/:id`), never the path, and no headers,
 * query or body: those carry tokens, passwords and customers' emails and phones. The same figures
 * feed the duration histogram, and an answer marked `Idempotent-Replayed` (every repeatable
 * mutation's, server/http/once-per-key.ts, and the trial's) counts as a replay.
 */
export function logRequests(logger: Logger, metrics: Metrics) {
  return createMiddleware<LoggedEnv>(async (c, next) => {
    const start = performance.now()
    c.set('logger', logger)
    await next()
    // The handler that answered: a route's own, or the middleware (`/api/v1/*`) that refused.
    const route = routePath(c)
    const elapsed = performance.now() - start
    const ms = Math.round(elapsed * 10) / 10
    const { method } = c.req
    const status = c.res.status
    metrics.requestDuration.observe({ route, method, status }, elapsed / 1000)
    if (c.res.headers.has(idempotentReplayedHeader)) metrics.replays.inc({ route })
    logger.info(
      {
        requestId: c.var.requestId,
        method,
        route,
        status,
        ms,
        user: c.var.user?.id,
      },
      'request',
    )
  })
}
