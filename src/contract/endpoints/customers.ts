import {
  customerListSchema,
  customerSchema,
  customerTrialListSchema,
  customerTrialsQuerySchema,
  visitNoteBodySchema,
  visitNoteSchema,
} from '../customers.ts'
import { idParamsSchema, searchQuerySchema } from '../http.ts'
import { messages } from '../messages.ts'
import { inAStore } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

export const customerSearch = endpoint({
  method: 'GET',
  path: '/customer/search',
  summary:
    "Customers by name, email, phone or referral code, 20 a page. A user's searches are limited per minute and per hour (`CUSTOMER_SEARCH_PER_MINUTE`, `CUSTOMER_SEARCH_PER_HOUR`): more answer 429 with Retry-After.",
  policy: inAStore,
  query: searchQuerySchema,
  answer: customerListSchema,
  errors: { 429: [messages.tooManyCustomerSearches] },
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
  errors: { 404: [messages.customerNotFound] },
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
  errors: { 404: [messages.customerNotFound] },
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
  errors: { 404: [messages.customerNotFound] },
})
