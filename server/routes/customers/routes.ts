import { Hono } from 'hono'
import { customerTrialsQuerySchema, visitNoteBodySchema } from '../../../src/contract/customers.ts'
import { searchQuerySchema } from '../../../src/contract/http.ts'
import { messages } from '../../../src/contract/messages.ts'
import { policyGuard } from '../../auth/middleware.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { parseId } from '../../http/path-id.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import { validateJson, validateQuery } from '../../http/validate.ts'
import { HttpError } from '../../http-error.ts'
import { findCustomer } from './queries.ts'
import { searchCustomers } from './search.ts'
import { trialsOfCustomer } from './trials.ts'
import { addVisitNote } from './visit-notes.ts'

/**
 * `GET /customer/search?query=&page=`, `GET /customer/:id`, `GET /customer/:id/trials?page=` and
 * `POST /customer/form` (src/contract/customers.ts), for any signed-in user; a manager only once
 * checked in to a store.
 */
export function customerRoutes(deps: AppDeps) {
  const guard = policyGuard(deps)
  const notFound = () => new HttpError(404, messages.customerNotFound.id)

  return new Hono<AppEnv>()
    .get('/customer/search', guard('GET /customer/search'), async (c) => {
      const { query, page } = validateQuery(c, searchQuerySchema)
      return ok(c, await searchCustomers(deps.db, query, page))
    })
    .post('/customer/form', guard('POST /customer/form'), async (c) => {
      const body = await validateJson(c, visitNoteBodySchema)
      const now = deps.clock()
      const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
        const note = await addVisitNote(db, body, c.var.user, now)
        return { status: 201, body: envelope(c, note, messages.visitNoteSaved.id) }
      })
      return answerOnce(c, once)
    })
    .get('/customer/:id/trials', guard('GET /customer/:id/trials'), async (c) => {
      const id = parseId(c.req.param('id'))
      const { page } = validateQuery(c, customerTrialsQuerySchema)
      const list = id === null ? null : await trialsOfCustomer(deps.db, id, page)
      if (!list) throw notFound()
      return ok(c, list)
    })
    .get('/customer/:id', guard('GET /customer/:id'), async (c) => {
      const id = parseId(c.req.param('id'))
      const customer = id === null ? null : await findCustomer(deps.db, id, deps.clock())
      if (!customer) throw notFound()
      return ok(c, customer)
    })
}
