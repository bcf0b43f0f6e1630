import * as v from 'valibot'
import { listOf, maxId, pageSchema } from './http.ts'
import { messages } from './messages.ts'
import { trialAnswersSchema } from './trial.ts'
import { moneySchema, voucherStatuses } from './vouchers.ts'
import { storeMessages } from './store-messages.ts'

/**
 * Customer calls (`/customer/*`): any signed-in user; a manager not checked in to a store gets 403
 * `store.notAssigned` (docs/behaviour.md#roles-and-access).
 */
export const visitReasons = ['info', 'purchase', 'service', 'reclamation'] as const
export type VisitReason = (typeof visitReasons)[number]

/** Loyalty earning rules (docs/behaviour.md#records), in the order the loyalty tab lists them. */
export const loyaltyRules = [
  'welcome',
  'first-purchase',
  'referred-first-purchase',
  'birthday',
  'anniversary',
  'device-registered',
  'bundle',
  'referral-registered',
  'referred-first-offline-purchase',
  'article-silver',
  'article-gold',
  'article-black',
  'game-bonus',
  'accessory-purchase',
] as const
export type LoyaltyRule = (typeof loyaltyRules)[number]

/**
 * `GET /customer/search` takes at most this many matches: `count` is exact up to it; a search
 * matching more answers this number (the PWA says "200 or more") and pages through the first
 * matches found, by name, so that a common name stays fast among a million customers.
 */
export const customerCountLimit = 200

/** The most characters of a visit note's comment. */
export const visitNoteMaxLength = 2000

/** Part of an email, phone or name is looked for from this many characters on. */
export const customerQueryMinLength = 3

/** The programme's referral codes: `REF-` and six letters or digits (`REF-9RU4C3`). */
export const referralCodeFormat = /^REF-[0-9A-Z]{6}$/i

/**
 * A row of `GET /customer/search?query=&page=`: `{ data: { rows, count } }`, 20 a page, by name then
 * id. The query matches a referral code exactly (without regard to case), or 3 characters or more
 * of an email, phone or name anywhere in it (names without regard to case or to č ć š ž đ, and
 * not for a query with `@` or `.`; emails not for a query with a space; a phone without
 * spaces, also in the local form `06…` for a stored `+3816…` or `+3826…`). A whole referral code
 * (`referralCodeFormat`) is looked up as a code only. An empty query lists every customer.
 */
export const customerSummarySchema = v.object({
  id: v.number(),
  fullname: v.string(),
  email: v.nullable(v.string()),
  phone: v.nullable(v.string()),
  referralCode: v.string(),
  points: v.number(),
})
export type CustomerSummary = v.InferOutput<typeof customerSummarySchema>
export const customerListSchema = listOf(customerSummarySchema)
export type CustomerList = v.InferOutput<typeof customerListSchema>

export const visitNoteSchema = v.object({
  id: v.number(),
  reason: v.picklist(visitReasons),
  comment: v.string(),
  expert: v.string(),
  store: v.nullable(v.string()),
  createdAt: v.string(),
})
export type VisitNote = v.InferOutput<typeof visitNoteSchema>

export const reclamationSchema = v.object({
  registrationNumber: v.string(),
  serialNumber: v.string(),
  name: v.string(),
  address: v.string(),
  phone: v.string(),
  email: v.string(),
  receiptDate: v.string(),
  item: v.string(),
  purchaseDate: v.string(),
  description: v.string(),
  verdict: v.picklist(['established', 'not-established']),
  diagnostics: v.string(),
  remedy: v.variant('kind', [
    v.object({ kind: v.literal('removed') }),
    v.object({ kind: v.literal('replaced'), newSerialNumber: v.string() }),
  ]),
})
export type Reclamation = v.InferOutput<typeof reclamationSchema>

/**
 * `GET /customer/{id}`: everything the overview, loyalty and mgm tabs show, or 404
 * `customer.notFound`. Times are ISO 8601; a reclamation's `receiptDate` and `purchaseDate` are days
 * (`YYYY-MM-DD`). Every list is newest first. `points` is the balance, `pointsSpent` the points
 * spent in total. `referrals` are the customers this one referred, each with the MGM voucher that
 * referred them (null if none).
 */
export const customerSchema = v.object({
  ...customerSummarySchema.entries,
  /**
   * When the customer's personal data was erased (docs/api.md#customers-rights): their name,
   * contacts and free texts are then empty. Null while held.
   */
  erasedAt: v.nullable(v.string()),
  ffCode: v.nullable(v.string()),
  pointsSpent: v.number(),
  devices: v.array(
    v.object({ serialNumber: v.string(), color: v.string(), registeredAt: v.string() }),
  ),
  orders: v.array(
    v.object({
      number: v.string(),
      date: v.string(),
      total: moneySchema,
      status: v.string(),
      channel: v.picklist(['online', 'store']),
    }),
  ),
  ecommerceStatuses: v.array(v.object({ status: v.string(), date: v.string() })),
  communications: v.array(
    v.object({
      date: v.string(),
      channel: v.picklist(['email', 'sms', 'phone', 'push']),
      subject: v.string(),
    }),
  ),
  serviceCases: v.array(
    v.object({ number: v.string(), date: v.string(), subject: v.string(), status: v.string() }),
  ),
  reclamations: v.array(reclamationSchema),
  visitNotes: v.array(visitNoteSchema),
  loyaltyActions: v.array(
    v.object({
      id: v.number(),
      rule: v.picklist(loyaltyRules),
      points: v.number(),
      date: v.string(),
    }),
  ),
  referrals: v.array(
    v.object({
      id: v.number(),
      fullname: v.string(),
      email: v.nullable(v.string()),
      registeredAt: v.string(),
      voucher: v.nullable(
        v.object({ id: v.number(), code: v.string(), status: v.picklist(voucherStatuses) }),
      ),
    }),
  ),
})
export type Customer = v.InferOutput<typeof customerSchema>

/**
 * `POST /customer/form`: a visit note, stored with the expert, their store (a manager's; null for
 * others) and the time. Answers 201 `{ data: VisitNote, message }` (`customer.visitNoteSaved`);
 * 404 `customer.notFound`. A left-out `customerId` gets `customer.notChosen`, as 0 does.
 */
export const visitNoteBodySchema = v.object({
  customerId: v.pipe(
    v.optional(v.number(storeMessages.noCustomerChosen.id), 0),
    v.integer(storeMessages.noCustomerChosen.id),
    v.minValue(1, storeMessages.noCustomerChosen.id),
    v.maxValue(maxId, storeMessages.customerNotFound.id),
  ),
  reason: v.picklist(visitReasons, messages.required.id),
  comment: v.pipe(
    v.string(messages.required.id),
    v.trim(),
    v.nonEmpty(messages.required.id),
    v.maxLength(visitNoteMaxLength, messages.tooLong.id),
  ),
})
export type VisitNoteBody = v.InferOutput<typeof visitNoteBodySchema>

/**
 * `GET /customer/{id}/trials?page=`: `{ data: { rows, count } }`, the trials whose answers hold this
 * customer's email (without regard to case) or phone, the latest captured first, 20 a page; 404
 * `customer.notFound`. `store` and `expert` are names; `capturedAt` is when the trial happened,
 * `createdAt` when it reached the server. `answers` are the guided trial's answers as stored (as
 * `comment` of `GET /questionnaire/{id}`), which the tab reads through
 * `src/contract/trial-reading.ts` in the words of its `contentEdition`; null for a simple trial,
 * whose comment is a text.
 */
export const customerTrialSchema = v.object({
  id: v.number(),
  createdAt: v.string(),
  capturedAt: v.string(),
  store: v.string(),
  expert: v.string(),
  shopping: v.nullable(v.picklist(['yes', 'no'])),
  answers: v.nullable(trialAnswersSchema),
  /** The content edition the trial was taken with, whose words its answers are read in. */
  contentEdition: v.number(),
})
export type CustomerTrial = v.InferOutput<typeof customerTrialSchema>
export const customerTrialListSchema = listOf(customerTrialSchema)
export type CustomerTrialList = v.InferOutput<typeof customerTrialListSchema>

/** `GET /customer/{id}/trials?page=` */
export const customerTrialsQuerySchema = v.object({ page: pageSchema })
