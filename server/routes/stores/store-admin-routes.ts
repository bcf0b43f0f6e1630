import { storeCreate, storeDelete, storeLog, storeUpdate } from '#contract/endpoints/store-admin.ts'
import { messages } from '#contract/messages.ts'
import type { AppDeps } from '../../deps.ts'
import type { Database } from '../../db/database.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { audit } from '../../audit/log.ts'
import { deleteOrArchiveStore, insertStore, updateStore } from './store-admin-queries.ts'
import { searchStoreLogs } from './log-queries.ts'
import { findStore } from './queries.ts'
import { administrationMessages } from '#contract/administration-messages.ts'

/**
 * Store management and the store log (src/contract/endpoints/stores.ts), for super users and
 * admins; deleting a store with history archives it instead. Registered before `storeRoutes`,
 * whose `/store/:id` would otherwise take `/store/log`.
 */
export function storeAdminRoutes(routes: ApiRoutes, deps: AppDeps) {
  const { db, clock, config } = deps

  async function foundStore(id: number, from: Database = db) {
    const store = await findStore(from, id)
    if (!store) throw new HttpError(404, messages.storeNotFound.id)
    return store
  }

  routes
    .signedIn(storeLog, async (c, { query }) => {
      return ok(c, await searchStoreLogs(db, query, config.timeZone, clock()))
    })
    .signedIn(storeCreate, async (c, { body: form }) => {
      const now = clock()
      const once = await oncePerKey(c, { db, now }, async (tx) => {
        const id = await insertStore(tx, form, now)
        logEvent(c, 'store.created', { by: c.var.user.id, store: id })
        await audit(c, deps, tx, { action: 'store.create', target: `store:${id}` })
        return {
          status: 201,
          body: envelope(c, await foundStore(id, tx), administrationMessages.storeCreated.id),
        }
      })
      return answerOnce(c, once)
    })
    .signedIn(storeUpdate, async (c, { body }) => {
      const { id, ...form } = body
      await db.transaction(async (tx) => {
        if (!(await updateStore(tx, id, form))) throw new HttpError(404, messages.storeNotFound.id)
        await audit(c, deps, tx, { action: 'store.update', target: `store:${id}` })
      })
      logEvent(c, 'store.updated', { by: c.var.user.id, store: id })
      return ok(c, await foundStore(id), administrationMessages.storeSaved.id)
    })
    .signedIn(storeDelete, async (c, { body: { id } }) => {
      const result = await db.transaction(async (tx) => {
        const done = await deleteOrArchiveStore(tx, id, clock())
        if (!done) throw new HttpError(404, messages.storeNotFound.id)
        const action = done.archived ? 'store.archive' : 'store.delete'
        await audit(c, deps, tx, { action, target: `store:${id}` })
        return done
      })
      logEvent(c, result.archived ? 'store.archived' : 'store.deleted', {
        by: c.var.user.id,
        store: id,
      })
      const message = result.archived
        ? administrationMessages.storeArchived.id
        : administrationMessages.storeDeleted.id
      return ok(c, { id, archived: result.archived }, message)
    })
}
