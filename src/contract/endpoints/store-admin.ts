import {
  storeDeleteResultSchema,
  storeFormSchema,
  storeLogListSchema,
  storeLogQuerySchema,
  storeUpdateSchema,
} from '../store-admin.ts'
import { messages } from '../messages.ts'
import { administration } from '../policy.ts'
import { storeSchema } from '../stores.ts'
import { idBodySchema } from '../users.ts'
import { endpoint } from '../endpoint.ts'

// Store management and the store log: the administration's, in a module of their own so that
// the screens of other roles load none of their schemas.

// Roles (docs/behaviour.md#roles-and-access): "/stores: super and admin" (the store log).
// Registered before `/store/:id`, which would take `/store/log` otherwise.
export const storeLog = endpoint({
  method: 'GET',
  path: '/store/log',
  summary: "The store log: who was checked in where, when, and each visit's trials.",
  policy: { allow: administration },
  query: storeLogQuerySchema,
  answer: storeLogListSchema,
})

// Roles (docs/behaviour.md#roles-and-access): /stores/new, super and admin.
export const storeCreate = endpoint({
  method: 'POST',
  path: '/store/create',
  summary: 'Creates a store.',
  policy: { allow: administration },
  body: storeFormSchema,
  answer: storeSchema,
  status: 201,
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): /stores/{id}/edit, super and admin.
export const storeUpdate = endpoint({
  method: 'POST',
  path: '/store/update',
  summary: 'Changes a store.',
  policy: { allow: administration },
  body: storeUpdateSchema,
  answer: storeSchema,
  errors: { 404: [messages.storeNotFound] },
})

// Roles (docs/behaviour.md#roles-and-access): /stores, super and admin.
export const storeDelete = endpoint({
  method: 'POST',
  path: '/store/delete',
  summary: 'Deletes a store, or archives it when it has history.',
  policy: { allow: administration },
  body: idBodySchema,
  answer: storeDeleteResultSchema,
  errors: { 404: [messages.storeNotFound] },
})
