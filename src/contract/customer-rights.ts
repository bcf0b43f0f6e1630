import * as v from 'valibot'
import { customerRightsMessages } from './customer-rights-messages.ts'
import { customerSchema } from './customers.ts'
import { maxId } from './http.ts'
import { messages } from './messages.ts'
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
  erasedAt: v.nullable(v.string()),
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

/**
 * Why personal data is erased: the code, never a free text, is what the audit log keeps
 * (docs/api.md#customers-rights).
 */
export const erasureReasons = [
  'request',
  'consent-withdrawn',
  'objection',
  'legal-obligation',
  'other',
] as const
export type ErasureReason = (typeof erasureReasons)[number]

const contactEmail = v.pipe(
  v.string(),
  v.trim(),
  v.maxLength(254, messages.email.id),
  v.email(messages.email.id),
)
/** As trials keep it: a client removes spaces and dashes first (`normalizePhone`). */
const contactPhone = v.pipe(
  v.string(),
  v.regex(/^\+\d{8,15}$/, customerRightsMessages.trialContactPhone.id),
)

/**
 * A person known from trials: their email, their phone in the international form (as trials keep
 * it), or both. Empty fields are absent.
 */
const trialContactEntries = {
  email: v.optional(v.union([v.literal(''), contactEmail])),
  phone: v.optional(v.union([v.literal(''), contactPhone])),
}

/** `GET /customer/trial-contact?email=&phone=`: the person to look for. */
export const trialContactQuerySchema = v.pipe(
  v.object(trialContactEntries),
  v.forward(
    v.check(
      (input) => Boolean(input.email || input.phone),
      customerRightsMessages.trialContactRequired.id,
    ),
    ['email'],
  ),
)
export type TrialContactQuery = v.InferOutput<typeof trialContactQuerySchema>

/**
 * What trials hold about a person known only from them (or also a customer: `customerIds` names
 * the customers with that email or phone, whose own export holds the rest). `trials` as in the
 * customer's export.
 */
export const trialContactExportSchema = v.object({
  exportedAt: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  customerIds: v.array(v.number()),
  trials: v.array(trialDetailSchema),
})
export type TrialContactExport = v.InferOutput<typeof trialContactExportSchema>

/**
 * `POST /customer/erase`: a customer by `id`, or a person known from trials by `email` and/or
 * `phone` (then only trials are touched), with the reason's code.
 */
export const erasureBodySchema = v.pipe(
  v.object({
    id: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))),
    ...trialContactEntries,
    reason: v.picklist(erasureReasons, messages.required.id),
  }),
  v.forward(
    v.check(
      (input) => (input.id === undefined) !== !(input.email || input.phone),
      customerRightsMessages.erasureTarget.id,
    ),
    ['id'],
  ),
)
export type ErasureBody = v.InferOutput<typeof erasureBodySchema>

/**
 * What an erasure did: when (the first erasure's time, for a customer erased before), the
 * customer erased (null for a person known from trials), and how many trials were anonymised.
 */
export const erasureSchema = v.object({
  erasedAt: v.string(),
  customerId: v.nullable(v.number()),
  trials: v.number(),
})
export type Erasure = v.InferOutput<typeof erasureSchema>
