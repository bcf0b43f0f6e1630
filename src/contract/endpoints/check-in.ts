import * as v from 'valibot'
import { expertStoreSchema } from '../auth.ts'
import { messages } from '../messages.ts'
import { managers } from '../policy.ts'
import { checkInBodySchema, checkOutBodySchema } from '../stores.ts'
import { endpoint } from '../endpoint.ts'

const managersOnly = { allow: managers, refusal: messages.managersOnly.id }

// Roles (docs/behaviour.md#roles-and-access): "/store-picker: manager only"; "only a manager has
// expertStore stored".
export const checkIn = endpoint({
  method: 'POST',
  path: '/user/check-in',
  summary: 'Checks the manager in to a store, closing the open store log if there is one.',
  policy: managersOnly,
  body: checkInBodySchema,
  answer: expertStoreSchema,
  errors: { 404: [messages.storeNotFound] },
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): as check-in.
export const checkInUpdate = endpoint({
  method: 'POST',
  path: '/user/check-in/update',
  summary: 'The same as check-in: moves the manager to another store.',
  policy: managersOnly,
  body: checkInBodySchema,
  answer: expertStoreSchema,
  errors: { 404: [messages.storeNotFound] },
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): as check-in.
export const checkOut = endpoint({
  method: 'POST',
  path: '/user/check-out',
  summary: "Closes the manager's open store log.",
  policy: managersOnly,
  body: checkOutBodySchema,
  answer: v.null(),
  idempotent: true,
})
