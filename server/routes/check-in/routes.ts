import { Hono, type Context } from 'hono'
import { messages } from '../../../src/contract/messages.ts'
import { checkInBodySchema, checkOutBodySchema } from '../../../src/contract/stores.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv, UserEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope } from '../../http/respond.ts'
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
    const now = deps.clock()
    const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
      const store = await checkIn(db, id, storeId, now)
      if (!store) throw new HttpError(404, messages.storeNotFound.id)
      logEvent(c, 'store.checkIn', { user: id, store: store.id })
      return { status: 200, body: envelope(c, store, messages.checkedIn.id) }
    })
    return answerOnce(c, once)
  }

  async function checkOutHandler(c: Context<UserEnv>) {
    await validateJson(c, checkOutBodySchema)
    const { id } = c.var.user
    const now = deps.clock()
    const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
      await checkOut(db, id, now)
      logEvent(c, 'store.checkOut', { user: id })
      return { status: 200, body: envelope(c, null, messages.checkedOut.id) }
    })
    return answerOnce(c, once)
  }

  return new Hono<AppEnv>()
    .post('/user/check-in', guard('POST /user/check-in'), checkInHandler)
    .post('/user/check-in/update', guard('POST /user/check-in/update'), checkInHandler)
    .post('/user/check-out', guard('POST /user/check-out'), checkOutHandler)
}
