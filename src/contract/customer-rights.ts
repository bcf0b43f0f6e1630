import * as v from 'valibot'
import { customerSchema } from './customers.ts'
import { trialDetailSchema } from './trial.ts'
import { voucherSchema } from './vouchers.ts'

/**
 * A customer's rights (docs/api.md#customers-rights): what is held about a customer, exported
 * whole. Only another customer's contacts are left out: a referral names the referred customer by
 * id, and a voucher's log line about another customer carries no email.
 */

/** The customer's own record, as stored. */
export const exportedProfileSchema = v.object({
  id: v.number(),
  fullname: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  referralCode: v.string(),
  ffCode: v.nullable(v.string()),
  points: v.number(),
  pointsSpent: v.number(),
  /** The customer who referred this one, by id. */
  godfatherId: v.nullable(v.number()),
  registeredAt: v.string(),
})
export type ExportedProfile = v.InferOutput<typeof exportedProfileSchema>

/** A customer this one referred: by id only, with the MGM voucher that referred them. */
export const exportedReferralSchema = v.object({
  customerId: v.number(),
  registeredAt: v.string(),
  voucher: customerSchema.entries.referrals.item.entries.voucher,
})

/**
 * A voucher that names the customer (as its godfather, the customer it referred, the customer who
 * used it, or in a line of its log), with its whole log, newest first. A log line's
 * `customerEmail` is null unless it is this customer's.
 */
export const exportedVoucherSchema = v.object({
  id: v.number(),
  code: v.string(),
  type: voucherSchema.entries.type,
  value: voucherSchema.entries.value,
  status: voucherSchema.entries.status,
  expiresAt: v.string(),
  usedAt: v.nullable(v.string()),
  godfatherId: v.nullable(v.number()),
  referredCustomerId: v.nullable(v.number()),
  usedByCustomerId: v.nullable(v.number()),
  log: voucherSchema.entries.log,
})
export type ExportedVoucher = v.InferOutput<typeof exportedVoucherSchema>

/**
 * `GET /customer/{id}/export`: everything held about the customer, or 404 `customer.notFound`.
 * Times are ISO 8601, every list newest first. `trials` are those whose answers hold the
 * customer's email (without regard to case) or phone, as `GET /customer/{id}/trials` finds them,
 * each with its answers and its consents as recorded (`GET /questionnaire/{id}`'s shape).
 */
export const customerExportSchema = v.object({
  customerId: v.number(),
  exportedAt: v.string(),
  profile: exportedProfileSchema,
  devices: customerSchema.entries.devices,
  orders: customerSchema.entries.orders,
  ecommerceStatuses: customerSchema.entries.ecommerceStatuses,
  communications: customerSchema.entries.communications,
  serviceCases: customerSchema.entries.serviceCases,
  reclamations: customerSchema.entries.reclamations,
  loyaltyActions: customerSchema.entries.loyaltyActions,
  visitNotes: customerSchema.entries.visitNotes,
  referrals: v.array(exportedReferralSchema),
  vouchers: v.array(exportedVoucherSchema),
  trials: v.array(trialDetailSchema),
})
export type CustomerExport = v.InferOutput<typeof customerExportSchema>
