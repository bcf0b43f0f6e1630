import { Hono, type Context } from 'hono'
import { messages } from '../../../src/contract/messages.ts'
import { checkInBodySchema, checkOutBodySchema } from '../../../src/contract/stores.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv, UserEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import { validateJson } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { checkIn, checkOut } from './queries.ts'

/**
 * `POST /user/check-in` and `/user/check-in/update` do the same: close the open store log, if
 * any, and open one at the new store. `POST /user/check-out` closes it. Managers only.
 */
export function checkInRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)

  async function checkInHandler(c: Context<UserEnv>) {
    const { storeId } = await validateJson(c, checkInBodySchema)
    const { id } = c.var.user
    const store = await checkIn(deps.db, id, storeId, deps.clock())
    if (!store) throw new HttpError(404, messages.storeNotFound.id)
    logEvent('store.checkIn', { user: id, store: store.id })
    return ok(c, store, messages.checkedIn.id)
  }

  async function checkOutHandler(c: Context<UserEnv>) {
    await validateJson(c, checkOutBodySchema)
    const { id } = c.var.user
    await checkOut(deps.db, id, deps.clock())
    logEvent('store.checkOut', { user: id })
    return ok(c, null, messages.checkedOut.id)
  }

  return new Hono<AppEnv>()
    .post('/user/check-in', guard('POST /user/check-in'), checkInHandler)
    .post('/user/check-in/update', guard('POST /user/check-in/update'), checkInHandler)
    .post('/user/check-out', guard('POST /user/check-out'), checkOutHandler)
}
