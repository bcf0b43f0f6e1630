import type { Context } from 'hono'
import { customerRightsMessages } from '#contract/customer-rights-messages.ts'
import type { Erasure, ErasureBody } from '#contract/customer-rights.ts'
import { eq } from 'drizzle-orm'
import { audit } from '../../audit/log.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { oncePerKey, type Once } from '../../http/once-per-key.ts'
import { envelope } from '../../http/respond.ts'
import { HttpError } from '../../http-error.ts'
import { eraseContact, eraseCustomer } from '../../privacy/erase.ts'
import { contactHashes, recordErasure, registerHashes } from '../../privacy/erased-contacts.ts'
import { storeMessages } from '#contract/store-messages.ts'

/** The audit detail: the reason's code and the trials' ids, never a contact or a free text. */
function detailOf(reason: string, anonymised: number[]): string {
  return `reason ${reason}; trials ${anonymised.length > 0 ? anonymised.join(',') : 'none'}`
}

/**
 * `POST /customer/erase` (docs/api.md#customers-rights). The erasure is first recorded beside the
 * backups (a restore re-applies it), then done in one transaction with its audit row and the
 * keyed hashes that anonymise a trial still queued on a tablet.
 */
export async function erase(c: Context<UserEnv>, deps: AppDeps, body: ErasureBody): Promise<Once> {
  const now = deps.clock()
  const { reason } = body
  const answer = (erasure: Erasure, message: string) => ({
    status: 200 as const,
    body: envelope(c, erasure, message),
  })
  if (body.id !== undefined) {
    const id = body.id
    const customer = await customerOf(deps.db, id)
    if (!customer) throw new HttpError(404, storeMessages.customerNotFound.id)
    const hashes = contactHashes(deps.config.auditKey, customer)
    if (!customer.erasedAt) {
      await recordErasure(deps.config.backups.dir, { at: now, customerId: id, hashes, reason })
    }
    return oncePerKey(c, { db: deps.db, now }, async (tx) => {
      // Locked: of two erasures at once, the second finds it erased and changes nothing.
      const [row] = await tx.select().from(customers).where(eq(customers.id, id)).for('update')
      if (!row) throw new HttpError(404, storeMessages.customerNotFound.id)
      if (row.erasedAt) {
        const erasedAt = row.erasedAt.toISOString()
        return answer(
          { erasedAt, customerId: id, trials: 0 },
          customerRightsMessages.customerErased.id,
        )
      }
      await registerHashes(tx, hashes, now)
      const anonymised = await eraseCustomer(tx, row, now)
      await audit(c, deps, tx, {
        action: 'customer.erase',
        target: `customer:${id}`,
        detail: detailOf(reason, anonymised),
      })
      const erasure = { erasedAt: now.toISOString(), customerId: id, trials: anonymised.length }
      return answer(erasure, customerRightsMessages.customerErased.id)
    })
  }
  const contact = { email: body.email || null, phone: body.phone || null }
  const hashes = contactHashes(deps.config.auditKey, contact)
  await recordErasure(deps.config.backups.dir, { at: now, customerId: null, hashes, reason })
  return oncePerKey(c, { db: deps.db, now }, async (tx) => {
    await registerHashes(tx, hashes, now)
    const anonymised = await eraseContact(tx, contact, now)
    await audit(c, deps, tx, {
      action: 'customer.erase',
      target: 'trial-contact',
      detail: detailOf(reason, anonymised),
    })
    const erasure = { erasedAt: now.toISOString(), customerId: null, trials: anonymised.length }
    return answer(erasure, customerRightsMessages.trialContactErased.id)
  })
}

async function customerOf(db: Database, id: number) {
  const [row] = await db
    .select({ email: customers.email, phone: customers.phone, erasedAt: customers.erasedAt })
    .from(customers)
    .where(eq(customers.id, id))
  return row
}
