import type { Context } from 'hono'
import {
  checkIn as checkInEndpoint,
  checkInUpdate,
  checkOut as checkOutEndpoint,
} from '#contract/endpoints/check-in.ts'
import { messages } from '#contract/messages.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import type { CheckInBody } from '#contract/stores.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { audit } from '../../audit/log.ts'
import { checkIn, checkOut } from './queries.ts'

/**
 * Check-in and its update do the same: close the open store log, if any, and open one at the new
 * store. Check-out closes it. Managers only (src/contract/endpoints/check-in.ts).
 */
export function checkInRoutes(routes: ApiRoutes, deps: AppDeps) {
  async function checkInHandler(c: Context<UserEnv>, { body: { storeId } }: { body: CheckInBody }) {
    const { id } = c.var.user
    const now = deps.clock()
    const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
      const store = await checkIn(db, id, storeId, now)
      if (!store) throw new HttpError(404, messages.storeNotFound.id)
      logEvent(c, 'store.checkIn', { user: id, store: store.id })
      await audit(c, deps, db, { action: 'store.checkIn', target: `store:${store.id}` })
      return { status: 200, body: envelope(c, store, messages.checkedIn.id) }
    })
    return answerOnce(c, once)
  }

  async function checkOutHandler(c: Context<UserEnv>) {
    const { id } = c.var.user
    const now = deps.clock()
    const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
      await checkOut(db, id, now)
      logEvent(c, 'store.checkOut', { user: id })
      await audit(c, deps, db, { action: 'store.checkOut', target: `user:${id}` })
      return { status: 200, body: envelope(c, null, messages.checkedOut.id) }
    })
    return answerOnce(c, once)
  }

  routes
    .signedIn(checkInEndpoint, checkInHandler)
    .signedIn(checkInUpdate, checkInHandler)
    .signedIn(checkOutEndpoint, checkOutHandler)
}
