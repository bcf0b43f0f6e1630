import {
  packCreate,
  packImageUpload,
  packRetire,
  packUpdate,
  productCreate,
  productRetire,
  productUpdate,
} from '#contract/endpoints/catalogue-admin.ts'
import { packSearch, productSearch } from '#contract/endpoints/catalogue.ts'
import { catalogueMessages } from '#contract/catalogue-messages.ts'
import { messages } from '#contract/messages.ts'
import { mayCall } from '#contract/policy.ts'
import type { Context } from 'hono'
import { audit } from '../../audit/log.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import {
  createPack,
  createProduct,
  retirePack,
  retireProduct,
  updatePack,
  updateProduct,
} from './manage.ts'
import { preparePicture, readPicture, storePicture } from './pictures.ts'
import { searchBrandFamilies, searchPacks, searchProducts } from './queries.ts'

/** `includeRetired=true` is for those who manage the catalogue (its admin listing); others 403. */
function includesRetired(c: Context<UserEnv>, includeRetired: 'true' | 'false'): boolean {
  if (includeRetired === 'false') return false
  if (!mayCall(packCreate.policy, c.var.user.role)) {
    throw new HttpError(403, messages.forbidden.id)
  }
  return true
}

/**
 * The catalogue (src/contract/endpoints/catalogue.ts), for any signed-in user: with `family=true`
 * a type's brand families, otherwise its packs; the sticks and devices; what new trials may offer
 * unless an admin asks for the retired ones too. Its management
 * (src/contract/endpoints/catalogue-admin.ts) for admin and super. The seeded packs' SVG images
 * are static files (server/http/static-files.ts); uploaded pictures come from the database
 * (./media.ts).
 */
export function catalogueRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock } = deps
  routes
    .signedIn(packSearch, async (c, { query }) => {
      const { family, type, brandFamily } = query
      const includeRetired = includesRetired(c, query.includeRetired)
      if (family === 'true') {
        return ok(c, await searchBrandFamilies(db, type, query.query, includeRetired))
      }
      const filter = { type, brandFamily, query: query.query, includeRetired }
      return ok(c, await searchPacks(db, filter, deps.config.assetBaseUrl))
    })
    .signedIn(productSearch, async (c, { query }) => {
      const includeRetired = includesRetired(c, query.includeRetired)
      return ok(c, await searchProducts(db, { ...query, includeRetired }))
    })
    .signedIn(packImageUpload, async (c) => {
      const { picture, sizes } = await preparePicture(db, await readPicture(c))
      await db.transaction(async (tx) => {
        // A picture uploaded again is not a new act.
        if (await storePicture(tx, sizes, clock())) {
          await audit(c, deps, tx, { action: 'pack.imageUpload', target: `image:${picture.id}` })
        }
      })
      return ok(c, picture, catalogueMessages.pictureUploaded.id)
    })
    .signedIn(packCreate, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const pack = await createPack({ c, deps, tx }, body)
        return { status: 201, body: envelope(c, pack, catalogueMessages.packSaved.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(packUpdate, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const pack = await updatePack({ c, deps, tx }, body)
        return { status: 200, body: envelope(c, pack, catalogueMessages.packSaved.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(packRetire, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const pack = await retirePack({ c, deps, tx }, body.id)
        return { status: 200, body: envelope(c, pack, catalogueMessages.packRetired.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(productCreate, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const product = await createProduct({ c, deps, tx }, body)
        return { status: 201, body: envelope(c, product, catalogueMessages.productSaved.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(productUpdate, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const product = await updateProduct({ c, deps, tx }, body)
        return { status: 200, body: envelope(c, product, catalogueMessages.productSaved.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(productRetire, async (c, { body }) => {
      const once = await oncePerKey(c, { db, now: clock() }, async (tx) => {
        const product = await retireProduct({ c, deps, tx }, body.id)
        return { status: 200, body: envelope(c, product, catalogueMessages.productRetired.id) }
      })
      return answerOnce(c, once)
    })
}
