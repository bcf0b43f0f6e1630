import { Hono } from 'hono'
import { searchQuerySchema } from '../../../src/contract/http.ts'
import { messages } from '../../../src/contract/messages.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { parseId } from '../../http/path-id.ts'
import { ok } from '../../http/respond.ts'
import { validateQuery } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { findStore, searchStores } from './queries.ts'

/** `GET /store/search?query=&page=` and `GET /store/:id`, for any signed-in user. */
export function storeRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)
  return new Hono<AppEnv>()
    .get('/store/search', guard('GET /store/search'), async (c) => {
      const { query, page } = validateQuery(c, searchQuerySchema)
      return ok(c, await searchStores(deps.db, query, page))
    })
    .get('/store/:id', guard('GET /store/:id'), async (c) => {
      const id = parseId(c.req.param('id'))
      const store = id === null ? null : await findStore(deps.db, id)
      if (!store) throw new HttpError(404, messages.storeNotFound.id)
      return ok(c, store)
    })
}
