import { packSearch, productSearch } from '#contract/endpoints/catalogue.ts'
import type { AppDeps } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { searchBrandFamilies, searchPacks, searchProducts } from './queries.ts'

/**
 * The catalogue (src/contract/endpoints/catalogue.ts), for any signed-in user: with `family=true`
 * a type's brand families, otherwise its packs; the sticks and devices. The packs' images are
 * static files (server/http/static-files.ts).
 */
export function catalogueRoutes(routes: ApiRoutes, deps: AppDeps) {
  routes
    .signedIn(packSearch, async (c, { query }) => {
      const { family, type, brandFamily } = query
      if (family === 'true') return ok(c, await searchBrandFamilies(deps.db, type, query.query))
      const filter = { type, brandFamily, query: query.query }
      return ok(c, await searchPacks(deps.db, filter, deps.config.assetBaseUrl))
    })
    .signedIn(productSearch, async (c, { query }) => ok(c, await searchProducts(deps.db, query)))
}
