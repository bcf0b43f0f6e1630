import * as v from 'valibot'
import type { Country } from './countries.ts'
import { listOf, maxId } from './http.ts'
import { messages } from './messages.ts'
import { readableText } from './validators.ts'
import { storeMessages } from './store-messages.ts'

/**
 * Voucher calls (`/voucher/*`): any signed-in user; a manager not checked in to a store gets 403
 * `store.notAssigned` (docs/behaviour.md#roles-and-access).
 */
export const voucherStatuses = ['valid', 'used', 'expired'] as const
export type VoucherStatus = (typeof voucherStatuses)[number]
export const voucherTypes = ['MGM', 'LOYALTY', 'PROMO'] as const
export type VoucherType = (typeof voucherTypes)[number]

export const moneySchema = v.object({
  /** A decimal string with two places, e.g. `"1000.00"`. */
  amount: v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/)),
  currency: v.picklist(['RSD', 'EUR']),
})
export type Money = v.InferOutput<typeof moneySchema>

/**
 * The referral (MGM) voucher's value in each country's stores (docs/behaviour.md#records): the
 * store's country decides it, not the reader's language (decision 8).
 */
export const mgmVoucherValue: Record<Country, Money> = {
  RS: { amount: '1000.00', currency: 'RSD' },
  ME: { amount: '5.00', currency: 'EUR' },
}

/**
 * One line of a voucher's log: code, date, type, customer email, expert, store
 * (docs/behaviour.md#records).
 */
export const voucherLogEntrySchema = v.object({
  id: v.number(),
  code: v.string(),
  date: v.string(),
  type: v.picklist(voucherTypes),
  customerEmail: v.nullable(v.string()),
  expert: v.nullable(v.string()),
  store: v.nullable(v.string()),
})
export type VoucherLogEntry = v.InferOutput<typeof voucherLogEntrySchema>
export const voucherLogSchema = listOf(voucherLogEntrySchema)
export type VoucherLog = v.InferOutput<typeof voucherLogSchema>

/**
 * A voucher. `value` is null for MGM vouchers, whose value is that of the country of the store it
 * is looked up for (`mgmVoucherValue`);
 * `godfather` is the customer who referred (MGM only). `status` is as of the answer: a voucher
 * past `expiresAt` is `expired`. Times are ISO 8601 (`2025-03-01T10:15:00.000Z`); `log` is newest
 * first.
 */
export const voucherSchema = v.object({
  id: v.number(),
  code: v.string(),
  type: v.picklist(voucherTypes),
  value: v.nullable(moneySchema),
  status: v.picklist(voucherStatuses),
  expiresAt: v.string(),
  usedAt: v.nullable(v.string()),
  godfather: v.nullable(
    v.object({
      id: v.number(),
      fullname: v.string(),
      email: v.nullable(v.string()),
      referralCode: v.string(),
    }),
  ),
  log: v.array(voucherLogEntrySchema),
})
export type Voucher = v.InferOutput<typeof voucherSchema>

/**
 * `GET /voucher/search?code=` (without regard to case): `{ data: Voucher, message }`, the message
 * being the status's (`voucher.valid`, `voucher.used`, `voucher.expired`), or 404
 * `voucher.notFound` (non-existent). `GET /voucher/{id}`: `{ data: Voucher }`, or 404 likewise.
 * `GET /voucher/code-log/{id}`: `{ data: { rows: VoucherLogEntry[], count } }`, newest first.
 */
export const voucherSearchQuerySchema = v.object({
  code: v.pipe(readableText, v.maxLength(64)),
})

/**
 * `POST /voucher/submit`: redeem a valid voucher for a customer, in one transaction: the voucher
 * becomes used (by this customer, expert and store), its log gains a row, and its effects apply
 * (MGM: the godfather earns `referral-registered` points and becomes the customer's godfather if
 * they have none; LOYALTY: its points count as spent). Answers `{ data: Voucher, message }`
 * (`voucher.redeemed`). Refusals: 404 `voucher.notFound`, 409 `voucher.used`, 409
 * `voucher.expired`, 409 `voucher.ownReferral` (an MGM voucher for its own godfather), 404
 * `customer.notFound`; no customer chosen (left out, null or 0) is a 400 on `customerId` with
 * `customer.notChosen`. Of concurrent redemptions of one code exactly one succeeds.
 */
export const voucherSubmitBodySchema = v.object({
  code: v.pipe(readableText, v.maxLength(64)),
  // Left out counts as 0, so that it gets the "no customer chosen" message, not "required".
  customerId: v.pipe(
    v.optional(v.number(storeMessages.noCustomerChosen.id), 0),
    v.integer(storeMessages.noCustomerChosen.id),
    v.minValue(1, storeMessages.noCustomerChosen.id),
    v.maxValue(maxId, storeMessages.customerNotFound.id),
  ),
  /**
   * The store the voucher is redeemed at: a manager's is their own (this is ignored); anyone else
   * names one that is not archived (left out: 400 on `storeId`; unknown: 404 `store.notFound`).
   */
  storeId: v.optional(
    v.pipe(
      v.number(messages.required.id),
      v.integer(messages.required.id),
      v.minValue(1, messages.required.id),
      v.maxValue(maxId, messages.storeNotFound.id),
    ),
  ),
})
export type VoucherSubmitBody = v.InferOutput<typeof voucherSubmitBodySchema>
