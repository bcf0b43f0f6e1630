import {
  customerListSchema,
  customerSchema,
  customerTrialListSchema,
  customerTrialsQuerySchema,
  visitNoteBodySchema,
  visitNoteSchema,
} from '../customers.ts'
import {
  customerExportSchema,
  erasureBodySchema,
  erasureSchema,
  trialContactExportSchema,
  trialContactQuerySchema,
} from '../customer-rights.ts'
import { idParamsSchema, searchQuerySchema } from '../http.ts'
import { administration, inAStore } from '../policy.ts'
import { endpoint } from '../endpoint.ts'
import { storeMessages } from '../store-messages.ts'

export const customerSearch = endpoint({
  method: 'GET',
  path: '/customer/search',
  summary:
    "Customers by name, email, phone or referral code, 20 a page. A user's searches are limited per minute and per hour (`CUSTOMER_SEARCH_PER_MINUTE`, `CUSTOMER_SEARCH_PER_HOUR`): more answer 429 with Retry-After.",
  policy: inAStore,
  query: searchQuerySchema,
  answer: customerListSchema,
  errors: { 429: [storeMessages.tooManyCustomerSearches] },
})

// Roles (docs/behaviour.md#roles-and-access): /customers/{id}, as customers.
export const visitNoteCreate = endpoint({
  method: 'POST',
  path: '/customer/form',
  summary: "Adds a visit note to a customer's profile.",
  policy: inAStore,
  body: visitNoteBodySchema,
  answer: visitNoteSchema,
  status: 201,
  errors: { 404: [storeMessages.customerNotFound] },
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): /customers/{id}/survey, as customers. Registered
// before `/customer/:id`.
export const customerTrials = endpoint({
  method: 'GET',
  path: '/customer/:id/trials',
  summary: "The trials whose answers hold the customer's email or phone, newest first.",
  policy: inAStore,
  params: idParamsSchema,
  query: customerTrialsQuerySchema,
  answer: customerTrialListSchema,
  errors: { 404: [storeMessages.customerNotFound] },
})

// A customer's rights (docs/api.md#customers-rights): administration only. Two entries rather than
// a `format=` switch: an entry answers either a JSON schema or a file, and each is then described
// and checked whole.
export const customerExport = endpoint({
  method: 'GET',
  path: '/customer/:id/export',
  summary:
    "Everything held about a customer, as JSON: profile, devices, orders, loyalty, visit notes, referrals, vouchers with their logs, and the trials that hold their email or phone with answers and consents. Each export is in the audit log (`customer.read`, detail `export`, by the customer's id).",
  policy: { allow: administration },
  params: idParamsSchema,
  answer: customerExportSchema,
  errors: { 404: [storeMessages.customerNotFound] },
})

export const customerExportPage = endpoint({
  method: 'GET',
  path: '/customer/:id/export.html',
  summary:
    "The same export as a readable HTML page in the request's language, sent as a file to save. Audited as the JSON export.",
  policy: { allow: administration },
  params: idParamsSchema,
  answer: { file: ['text/html; charset=utf-8'] },
  errors: { 404: [storeMessages.customerNotFound] },
})

export const trialContactExport = endpoint({
  method: 'GET',
  path: '/customer/trial-contact',
  summary:
    'What trials hold about a person by the email or phone they gave, as JSON: the trials with answers and consents, and the ids of customers with that email or phone. Each export is in the audit log (`customer.read`, target `trial-contact`, detail the trial ids). Registered before `/customer/{id}`.',
  policy: { allow: administration },
  query: trialContactQuerySchema,
  answer: trialContactExportSchema,
})

export const customerErase = endpoint({
  method: 'POST',
  path: '/customer/erase',
  summary:
    "Erases a customer's personal data (`id`), or a person's contact from the trials that hold it (`email`, `phone`), everywhere it is held, keeping counts and statistics; cannot be undone. A keyed hash of the contacts is kept so that a trial queued before the erasure is anonymised when it arrives. Erasing again answers the first erasure. Audited as `customer.erase` by ids and the reason's code.",
  policy: { allow: administration },
  body: erasureBodySchema,
  answer: erasureSchema,
  errors: { 404: [storeMessages.customerNotFound] },
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): /customers/{id}, as customers.
export const customerById = endpoint({
  method: 'GET',
  path: '/customer/:id',
  summary:
    "A customer's profile: loyalty, vouchers, visit notes, reclamations. Each read is in the audit log (`customer.read`, by the customer's id).",
  policy: inAStore,
  params: idParamsSchema,
  answer: customerSchema,
  errors: { 404: [storeMessages.customerNotFound] },
})
