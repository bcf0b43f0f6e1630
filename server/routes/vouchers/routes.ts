import { messages } from '#contract/messages.ts'
import type { VoucherStatus } from '#contract/vouchers.ts'
import {
  voucherById,
  voucherCodeLog,
  voucherRedeem,
  voucherSearch,
} from '#contract/endpoints/vouchers.ts'
import type { AppDeps } from '../../deps.ts'
import { answerOnce, oncePerKey } from '../../http/once-per-key.ts'
import { envelope, ok } from '../../http/respond.ts'
import type { ApiRoutes } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'
import { audit } from '../../audit/log.ts'
import { findVoucherByCode, findVoucherById, voucherLogOf } from './queries.ts'
import { redeemVoucher, type RedemptionStore } from './redeem.ts'
import { findStore } from '../stores/queries.ts'
import type { Database } from '../../db/database.ts'
import type { User } from '#contract/auth.ts'
import { storeMessages } from '#contract/store-messages.ts'

const statusMessages: Record<VoucherStatus, string> = {
  valid: storeMessages.voucherValid.id,
  used: storeMessages.voucherUsed.id,
  expired: storeMessages.voucherExpired.id,
}

/**
 * Where a redemption happens: a manager's own store; for anyone else the store they name, which
 * must be open (as a trial's store is).
 */
async function redemptionStore(
  db: Database,
  user: User,
  storeId: number | undefined,
): Promise<RedemptionStore> {
  if (user.role === 'manager') return user.expertStore
  if (storeId === undefined) {
    const message = messages.required.id
    throw new HttpError(400, message, { invalidFields: [{ field: 'storeId', message }] })
  }
  const store = await findStore(db, storeId)
  if (!store) throw new HttpError(404, messages.storeNotFound.id)
  return { id: store.id, name: store.name }
}

/**
 * The voucher endpoints (src/contract/endpoints/vouchers.ts): a voucher by code or id, its log,
 * and redemption, for any signed-in user; a manager only once checked in to a store.
 */
export function voucherRoutes(routes: ApiRoutes, deps: AppDeps) {
  const notFound = () => new HttpError(404, storeMessages.voucherNotFound.id)

  routes
    .signedIn(voucherSearch, async (c, { query }) => {
      const voucher = await findVoucherByCode(deps.db, query.code, deps.clock())
      if (!voucher) throw notFound()
      return ok(c, voucher, statusMessages[voucher.status])
    })
    .signedIn(voucherCodeLog, async (c, { params }) => {
      const log = await voucherLogOf(deps.db, params.id)
      if (!log) throw notFound()
      return ok(c, log)
    })
    .signedIn(voucherById, async (c, { params }) => {
      const voucher = await findVoucherById(deps.db, params.id, deps.clock())
      if (!voucher) throw notFound()
      return ok(c, voucher)
    })
    .signedIn(voucherRedeem, async (c, { body }) => {
      const { code, customerId, storeId } = body
      const { user } = c.var
      const now = deps.clock()
      const redeem = oncePerKey(c, { db: deps.db, now }, async (db) => {
        const store = await redemptionStore(db, user, storeId)
        const voucher = await redeemVoucher(db, { code, customerId, user, store, now })
        logEvent(c, 'voucher.redeemed', {
          user: user.id,
          voucher: voucher.id,
          customer: customerId,
        })
        await audit(c, deps, db, {
          action: 'voucher.redeem',
          target: `voucher:${voucher.id}`,
          detail: `customer:${customerId}`,
        })
        return { status: 200, body: envelope(c, voucher, storeMessages.voucherRedeemed.id) }
      })
      let once
      try {
        once = await redeem
      } catch (error) {
        // Used, expired, one's own referral, or the same key still at work elsewhere.
        if (error instanceof HttpError && error.status === 409) {
          deps.metrics.voucherConflicts.inc({ reason: error.message })
        }
        throw error
      }
      if (!once.replayed) deps.metrics.voucherRedemptions.inc()
      return answerOnce(c, once)
    })
}
