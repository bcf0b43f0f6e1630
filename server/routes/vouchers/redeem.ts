import { and, eq, gt, isNull, ne, or, sql } from 'drizzle-orm'
import type { User } from '#contract/auth.ts'
import type { Voucher } from '#contract/vouchers.ts'
import type { Database } from '../../db/database.ts'
import { customers, loyaltyActions } from '../../db/schema/customers.ts'
import { voucherLog, vouchers } from '../../db/schema/vouchers.ts'
import { HttpError } from '../../http-error.ts'
import { findVoucherById, normalizeCode, statusAt } from './queries.ts'
import { storeMessages } from '#contract/store-messages.ts'

/** What the godfather earns when a customer redeems their referral (MGM) voucher. */
export const referralPoints = 200

/** The store a redemption happens at: its id and its name as the log keeps it. */
export type RedemptionStore = { id: number; name: string } | null

type Redemption = {
  code: string
  customerId: number
  user: User
  store: RedemptionStore
  now: Date
}

/** Why a voucher that could not be marked used was refused. */
async function refusal(tx: Database, code: string, now: Date): Promise<HttpError> {
  const [voucher] = await tx
    .select({ status: vouchers.status, expiresAt: vouchers.expiresAt })
    .from(vouchers)
    .where(eq(vouchers.code, code))
  if (!voucher) return new HttpError(404, storeMessages.voucherNotFound.id)
  const status = statusAt(voucher, now)
  if (status === 'used') return new HttpError(409, storeMessages.voucherUsed.id)
  if (status === 'expired') return new HttpError(409, storeMessages.voucherExpired.id)
  // Valid, yet not taken: an MGM voucher offered to the customer who referred.
  return new HttpError(409, storeMessages.voucherOwnReferral.id)
}

/**
 * Redeems a voucher for a customer, all in one transaction:
 * - the voucher is marked used by one conditional update (still valid, not expired, and not an MGM
 *   voucher of this very customer), so that of concurrent redemptions, in any number of processes,
 *   exactly one succeeds: the others wait for its row lock, then find it used;
 * - its log gains a row (customer email, expert and store names as they are now);
 * - MGM: the godfather earns `referralPoints` as a `referral-registered` loyalty action, the
 *   voucher's referred customer is this one unless it named one already, and this customer's
 *   godfather becomes the voucher's when they have none;
 * - LOYALTY: the points the customer exchanged for the voucher (taken from their balance when it
 *   was issued) count as spent;
 * - PROMO: nothing more.
 * Answers the voucher as it is now.
 */
export function redeemVoucher(db: Database, redemption: Redemption): Promise<Voucher> {
  const { customerId, user, store, now } = redemption
  const code = normalizeCode(redemption.code)
  return db.transaction(async (tx) => {
    const [customer] = await tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(eq(customers.id, customerId))
    if (!customer) throw new HttpError(404, storeMessages.customerNotFound.id)

    const [voucher] = await tx
      .update(vouchers)
      .set({
        status: 'used',
        usedAt: now,
        usedByCustomerId: customerId,
        usedByUserId: user.id,
        usedInStoreId: store?.id ?? null,
        referredCustomerId: sql`case when ${vouchers.type} = 'MGM'
          then coalesce(${vouchers.referredCustomerId}, ${customerId}::integer)
          else ${vouchers.referredCustomerId} end`,
      })
      .where(
        and(
          eq(vouchers.code, code),
          eq(vouchers.status, 'valid'),
          gt(vouchers.expiresAt, now),
          or(
            ne(vouchers.type, 'MGM'),
            isNull(vouchers.godfatherId),
            ne(vouchers.godfatherId, customerId),
          ),
        ),
      )
      .returning({
        id: vouchers.id,
        type: vouchers.type,
        points: vouchers.points,
        godfatherId: vouchers.godfatherId,
      })
    if (!voucher) throw await refusal(tx, code, now)

    await tx.insert(voucherLog).values({
      voucherId: voucher.id,
      code,
      date: now,
      type: voucher.type,
      customerEmail: customer.email,
      expert: user.fullname,
      store: store?.name ?? null,
    })

    if (voucher.type === 'MGM' && voucher.godfatherId !== null) {
      const godfatherId = voucher.godfatherId
      await tx.insert(loyaltyActions).values({
        customerId: godfatherId,
        rule: 'referral-registered',
        points: referralPoints,
        date: now,
      })
      await tx
        .update(customers)
        .set({ points: sql`${customers.points} + ${referralPoints}` })
        .where(eq(customers.id, godfatherId))
      await tx
        .update(customers)
        .set({ godfatherId })
        .where(and(eq(customers.id, customerId), isNull(customers.godfatherId)))
    }
    if (voucher.type === 'LOYALTY' && voucher.points !== null) {
      await tx
        .update(customers)
        .set({ pointsSpent: sql`${customers.pointsSpent} + ${voucher.points}` })
        .where(eq(customers.id, customerId))
    }

    const redeemed = await findVoucherById(tx, voucher.id, now)
    if (!redeemed) throw new Error(`voucher ${voucher.id} vanished`)
    return redeemed
  })
}
