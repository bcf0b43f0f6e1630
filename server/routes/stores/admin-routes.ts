import { Hono } from 'hono'
import {
  storeFormSchema,
  storeLogQuerySchema,
  storeUpdateSchema,
} from '../../../src/contract/administration.ts'
import { messages } from '../../../src/contract/messages.ts'
import { idBodySchema } from '../../../src/contract/users.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import type { Database } from '../../db/database.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import { validateJson, validateQuery } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { deleteOrArchiveStore, insertStore, updateStore } from './admin-queries.ts'
import { searchStoreLogs } from './log-queries.ts'
import { findStore } from './queries.ts'

/**
 * Store management and the store log, for super users and admins: `POST /store/create`,
 * `/store/update`, `/store/delete` (a store with history is archived instead) and `GET /store/log`.
 * Mounted before `storeRoutes`, whose `GET /store/:id` would otherwise take `/store/log`.
 */
export function storeAdminRoutes(deps: AppDeps) {
  const { db, clock, config } = deps
  const guard = policyGuard(deps)

  async function foundStore(id: number, from: Database = db) {
    const store = await findStore(from, id)
    if (!store) throw new HttpError(404, messages.storeNotFound.id)
    return store
  }

  return new Hono<AppEnv>()
    .get('/store/log', guard('GET /store/log'), async (c) => {
      const query = validateQuery(c, storeLogQuerySchema)
      return ok(c, await searchStoreLogs(db, query, config.timeZone, clock()))
    })
    .post('/store/create', guard('POST /store/create'), async (c) => {
      const form = await validateJson(c, storeFormSchema)
      const now = clock()
      const once = await oncePerKey(c, { db, now }, async (tx) => {
        const id = await insertStore(tx, form, now)
        logEvent(c, 'store.created', { by: c.var.user.id, store: id })
        return {
          status: 201,
          body: envelope(c, await foundStore(id, tx), messages.storeCreated.id),
        }
      })
      return answerOnce(c, once)
    })
    .post('/store/update', guard('POST /store/update'), async (c) => {
      const { id, ...form } = await validateJson(c, storeUpdateSchema)
      if (!(await updateStore(db, id, form))) throw new HttpError(404, messages.storeNotFound.id)
      logEvent(c, 'store.updated', { by: c.var.user.id, store: id })
      return ok(c, await foundStore(id), messages.storeSaved.id)
    })
    .post('/store/delete', guard('POST /store/delete'), async (c) => {
      const { id } = await validateJson(c, idBodySchema)
      const result = await deleteOrArchiveStore(db, id, clock())
      if (!result) throw new HttpError(404, messages.storeNotFound.id)
      logEvent(c, result.archived ? 'store.archived' : 'store.deleted', {
        by: c.var.user.id,
        store: id,
      })
      const message = result.archived ? messages.storeArchived.id : messages.storeDeleted.id
      return ok(c, { id, archived: result.archived }, message)
    })
}
