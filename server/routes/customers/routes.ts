import type { Context } from 'hono'
import {
  customerById,
  customerErase,
  customerExport,
  customerExportPage,
  customerSearch,
  customerTrials,
  trialContactExport,
  visitNoteCreate,
} from '#contract/endpoints/customers.ts'
import { audit } from '../../audit/log.ts'
import { countCustomerSearch } from '../../auth/throttle.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { translate } from '../../i18n.ts'
import { logEvent } from '../../log.ts'
import { erase } from './erase.ts'
import { exportCustomer, exportTrialContact } from './export.ts'
import { customerExportPage as exportPage } from './export-page.ts'
import { readEditionLists } from '../trials/edition-answers.ts'
import { findCustomer } from './queries.ts'
import { searchCustomers } from './search.ts'
import { trialsOfCustomer } from './trials.ts'
import { addVisitNote } from './visit-notes.ts'
import { storeMessages } from '#contract/store-messages.ts'

/**
 * The customers (src/contract/endpoints/customers.ts): search, a profile, the trials that name
 * the customer, and visit notes, for any signed-in user; a manager only once checked in to a store.
 * The export of everything held about a customer, for administration.
 */
export function customerRoutes(routes: ApiRoutes, deps: AppDeps) {
  const notFound = () => new HttpError(404, storeMessages.customerNotFound.id)

  /**
   * Everything held about the customer, the export recorded in the audit log first: who exported
   * whose data, by the customer's id, never their contacts (docs/api.md#customers-rights).
   */
  async function exported(c: Context<UserEnv>, id: number, format: 'json' | 'html') {
    const data = await exportCustomer(deps.db, id, deps.clock())
    if (!data) throw notFound()
    await deps.db.transaction((tx) =>
      audit(c, deps, tx, {
        action: 'customer.read',
        target: `customer:${data.customerId}`,
        detail: `export ${format}`,
      }),
    )
    return data
  }

  routes
    .signedIn(customerSearch, async (c, { query }) => {
      const { id } = c.var.user
      const limits = deps.config.customerSearchLimits
      await countCustomerSearch(deps.db, { userId: id, limits }, deps.clock(), (retryAfter) =>
        logEvent(c, 'customer.searchThrottled', { user: id, retryAfter }),
      )
      return ok(c, await searchCustomers(deps.db, query.query, query.page))
    })
    .signedIn(visitNoteCreate, async (c, { body }) => {
      const now = deps.clock()
      const once = await oncePerKey(c, { db: deps.db, now }, async (db) => {
        const note = await addVisitNote(db, body, c.var.user, now)
        return { status: 201, body: envelope(c, note, storeMessages.visitNoteSaved.id) }
      })
      return answerOnce(c, once)
    })
    .signedIn(customerTrials, async (c, { params, query }) => {
      const list = await trialsOfCustomer(deps.db, params.id, query.page)
      if (!list) throw notFound()
      return ok(c, list)
    })
    .signedIn(customerExport, async (c, { params }) => ok(c, await exported(c, params.id, 'json')))
    .signedIn(customerExportPage, async (c, { params }) => {
      const data = await exported(c, params.id, 'html')
      const locale = c.get('locale')
      const lists = await readEditionLists(
        deps.db,
        data.trials.map((trial) => trial.contentEdition),
      )
      const page = exportPage(data, {
        locale,
        timeZone: deps.config.timeZone,
        t: (message, values) => translate(locale, message.id, values),
        editionLists: (id) => lists.get(id),
      })
      c.header('Content-Type', 'text/html; charset=utf-8')
      c.header('Content-Disposition', `attachment; filename="customer-${data.customerId}.html"`)
      return c.body(page)
    })
    .signedIn(trialContactExport, async (c, { query }) => {
      const contact = { email: query.email || null, phone: query.phone || null }
      const data = await exportTrialContact(deps.db, contact, deps.clock())
      const ids = data.trials.map((trial) => trial.id)
      // Whose data was read: the trials' ids, never the contact looked for.
      await deps.db.transaction((tx) =>
        audit(c, deps, tx, {
          action: 'customer.read',
          target: 'trial-contact',
          detail: `export json; trials ${ids.length > 0 ? ids.join(',') : 'none'}`,
        }),
      )
      return ok(c, data)
    })
    .signedIn(customerErase, async (c, { body }) => answerOnce(c, await erase(c, deps, body)))
    .signedIn(customerById, async (c, { params }) => {
      const customer = await findCustomer(deps.db, params.id, deps.clock())
      if (!customer) throw notFound()
      // Who read whose personal data: the customer's id, never their contacts.
      await deps.db.transaction((tx) =>
        audit(c, deps, tx, { action: 'customer.read', target: `customer:${customer.id}` }),
      )
      return ok(c, customer)
    })
}
