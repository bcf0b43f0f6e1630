import { idParamsSchema } from '../http.ts'
import { messages } from '../messages.ts'
import { inAStore } from '../policy.ts'
import {
  voucherLogSchema,
  voucherSchema,
  voucherSearchQuerySchema,
  voucherSubmitBodySchema,
} from '../vouchers.ts'
import { endpoint } from '../endpoint.ts'
import { storeMessages } from '../store-messages.ts'

export const voucherSearch = endpoint({
  method: 'GET',
  path: '/voucher/search',
  summary: "A voucher by its code (without regard to case); the message is its status's.",
  policy: inAStore,
  query: voucherSearchQuerySchema,
  answer: voucherSchema,
  errors: { 404: [storeMessages.voucherNotFound] },
})

// Roles (docs/behaviour.md#roles-and-access): used-code, as vouchers. Registered before
// `/voucher/:id`.
export const voucherCodeLog = endpoint({
  method: 'GET',
  path: '/voucher/code-log/:id',
  summary: "A voucher's log, newest first.",
  policy: inAStore,
  params: idParamsSchema,
  answer: voucherLogSchema,
  errors: { 404: [storeMessages.voucherNotFound] },
})

// Roles (docs/behaviour.md#roles-and-access): /vouchers/{id}, as vouchers.
export const voucherById = endpoint({
  method: 'GET',
  path: '/voucher/:id',
  summary: 'One voucher.',
  policy: inAStore,
  params: idParamsSchema,
  answer: voucherSchema,
  errors: { 404: [storeMessages.voucherNotFound] },
})

// Roles (docs/behaviour.md#roles-and-access): as vouchers.
export const voucherRedeem = endpoint({
  method: 'POST',
  path: '/voucher/submit',
  summary:
    'Redeems a valid voucher for a customer; of concurrent redemptions of one code exactly one succeeds.',
  policy: inAStore,
  body: voucherSubmitBodySchema,
  answer: voucherSchema,
  errors: {
    404: [storeMessages.voucherNotFound, storeMessages.customerNotFound, messages.storeNotFound],
    409: [
      storeMessages.voucherUsed,
      storeMessages.voucherExpired,
      storeMessages.voucherOwnReferral,
    ],
  },
  idempotent: true,
})
