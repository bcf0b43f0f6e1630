import { storeById, storeSearch } from '#contract/endpoints/stores.ts'
import { messages } from '#contract/messages.ts'
import type { AppDeps } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { findStore, searchStores } from './queries.ts'

/** The store search and one store (src/contract/endpoints/stores.ts), for any signed-in user. */
export function storeRoutes(routes: ApiRoutes, deps: AppDeps) {
  routes
    .signedIn(storeSearch, async (c, { query }) =>
      ok(c, await searchStores(deps.db, query.query, query.page)),
    )
    .signedIn(storeById, async (c, { params }) => {
      const store = await findStore(deps.db, params.id)
      if (!store) throw new HttpError(404, messages.storeNotFound.id)
      return ok(c, store)
    })
}
