import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'

/**
 * `GET /health` (public, no X-APP): ok once the database answers. `GET /health/live`: ok while the
 * process serves requests, without asking the database (a liveness probe, and the benchmarks'
 * bare JSON route); it goes through the API's middleware, X-APP included, like any other call.
 */
export function healthRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/health', async (c) => {
      await db.execute(sql`select 1`)
      return ok(c, { status: 'ok' })
    })
    .get('/health/live', (c) => ok(c, { status: 'ok' }))
}
