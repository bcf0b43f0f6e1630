import { sql } from 'drizzle-orm'
import { health, liveness, readiness } from '#contract/endpoints/health.ts'
import { messages } from '#contract/messages.ts'
import type { AppDeps } from '../../deps.ts'
import { HttpError } from '../../http-error.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { diskFullRetrySeconds, type Readiness } from '../../readiness.ts'

/**
 * The health checks (src/contract/endpoints/health.ts): `health` asks the database; `liveness`
 * does not (a liveness probe, and the benchmarks' bare JSON route) and goes through the API's
 * middleware, X-APP included, like any other call; `readiness` is ok when this process should get
 * requests: started (database migrated), not draining for a shutdown, its writes not failing for
 * want of room, and its database answering; otherwise 503, which a load balancer's health check
 * reads as "route elsewhere".
 */
export function healthRoutes(routes: ApiRoutes, { db, clock }: AppDeps, state: Readiness) {
  routes
    .public(health, async (c) => {
      await db.execute(sql`select 1`)
      return ok(c, { status: 'ok' })
    })
    .public(liveness, (c) => ok(c, { status: 'ok' }))
    .public(readiness, async (c) => {
      if (state.state !== 'ready') throw new HttpError(503, messages.notReady.id)
      if (state.writesFailing(clock())) {
        const headers = { 'Retry-After': String(diskFullRetrySeconds) }
        throw new HttpError(503, messages.diskFull.id, { headers })
      }
      await db.execute(sql`select 1`)
      return ok(c, { status: 'ok' })
    })
}
