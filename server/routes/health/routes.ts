import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import { messages } from '../../../src/contract/messages.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { HttpError } from '../../http-error.ts'
import { ok } from '../../http/respond.ts'
import type { Readiness } from '../../readiness.ts'

/**
 * `GET /health` (public, no X-APP): ok once the database answers. `GET /health/live`: ok while the
 * process serves requests, without asking the database (a liveness probe, and the benchmarks'
 * bare JSON route); it goes through the API's middleware, X-APP included, like any other call.
 * `GET /ready` (public, no X-APP): ok when this process should get requests: started (database
 * migrated), not draining for a shutdown, and its database answering; otherwise 503, which a
 * load balancer's health check reads as "route elsewhere".
 */
export function healthRoutes({ db }: AppDeps, readiness: Readiness) {
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      await db.execute(sql`select 1`)
      return ok(c, { status: 'ok' })
    })
    .get('/health/live', (c) => ok(c, { status: 'ok' }))
    .get('/ready', async (c) => {
      if (readiness.state !== 'ready') throw new HttpError(503, messages.notReady.id)
      await db.execute(sql`select 1`)
      return ok(c, { status: 'ok' })
    })
}
