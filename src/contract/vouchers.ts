import * as v from 'valibot'
import { listOf } from './http.ts'
import { messages } from './messages.ts'
import type { Locale } from './locale.ts'

export const voucherStatuses = ['valid', 'used', 'expired'] as const
export type VoucherStatus = (typeof voucherStatuses)[number]
export const voucherTypes = ['MGM', 'LOYALTY', 'PROMO'] as const

export const moneySchema = v.object({
  /** A decimal string with two places, e.g. `"1000.00"`. */
  amount: v.pipe(v.string(), v.regex(/^\d+\.\d{2}$/)),
  currency: v.picklist(['RSD', 'EUR']),
})
export type Money = v.InferOutput<typeof moneySchema>

/** Spec section 9: the referral (MGM) voucher's value as shown in each locale. */
export const mgmVoucherValue: Record<Locale, Money> = {
  sr: { amount: '1000.00', currency: 'RSD' },
  me: { amount: '5.00', currency: 'EUR' },
  en: { amount: '5.00', currency: 'EUR' },
}

/** One line of a voucher's log: code, date, type, customer email, expert, store (spec section 3). */
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

/**
 * A voucher. `value` is null for MGM vouchers, whose value is shown by locale (`mgmVoucherValue`);
 * `godfather` is the customer who referred (MGM only).
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

/** `GET /voucher/search?code=`: the voucher, or 404 `voucher.notFound` (non-existent). */
export const voucherSearchQuerySchema = v.object({
  code: v.pipe(
    v.string(messages.required.id),
    v.trim(),
    v.nonEmpty(messages.required.id),
    v.maxLength(64),
  ),
})

/** `POST /voucher/submit`: redeem a valid voucher for a customer. */
export const voucherSubmitBodySchema = v.object({
  code: v.pipe(
    v.string(messages.required.id),
    v.trim(),
    v.nonEmpty(messages.required.id),
    v.maxLength(64),
  ),
  customerId: v.pipe(
    v.number(messages.noCustomerChosen.id),
    v.integer(messages.noCustomerChosen.id),
    v.minValue(1, messages.noCustomerChosen.id),
  ),
})
export type VoucherSubmitBody = v.InferOutput<typeof voucherSubmitBodySchema>
