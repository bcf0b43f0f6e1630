import { Hono } from 'hono'
import { sql } from 'drizzle-orm'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'

/** `GET /health` (public, no X-APP): ok once the database answers. */
export function healthRoutes({ db }: AppDeps) {
  return new Hono<AppEnv>().get('/health', async (c) => {
    await db.execute(sql`select 1`)
    return ok(c, { status: 'ok' })
  })
}
