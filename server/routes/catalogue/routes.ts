import { Hono } from 'hono'
import { packSearchQuerySchema, productSearchQuerySchema } from '../../../src/contract/catalogue.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import { validateQuery } from '../../http/validate.ts'
import { searchBrandFamilies, searchPacks, searchProducts } from './queries.ts'

/**
 * `GET /packages/search`: with `family=true` a type's brand families, otherwise its packs (of
 * `brandFamily`, matching `query`); `GET /internal-products/search?type=&query=&page=`. For any
 * signed-in user.
 */
export function catalogueRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)
  return new Hono<AppEnv>()
    .get('/packages/search', guard('GET /packages/search'), async (c) => {
      const { family, type, brandFamily, query } = validateQuery(c, packSearchQuerySchema)
      if (family === 'true') return ok(c, await searchBrandFamilies(deps.db, type, query))
      const filter = { type, brandFamily, query }
      return ok(c, await searchPacks(deps.db, filter, deps.config.assetBaseUrl))
    })
    .get('/internal-products/search', guard('GET /internal-products/search'), async (c) => {
      return ok(c, await searchProducts(deps.db, validateQuery(c, productSearchQuerySchema)))
    })
}
