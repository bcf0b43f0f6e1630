import * as v from 'valibot'
import { idParamsSchema, searchQuerySchema } from '../http.ts'
import { messages } from '../messages.ts'
import { administration } from '../policy.ts'
import {
  idBodySchema,
  managedUserListSchema,
  sessionIdBodySchema,
  userSessionListSchema,
  userDeviceListSchema,
  managedUserSchema,
  managersQuerySchema,
  userFormSchema,
  userUpdateSchema,
} from '../users.ts'
import { endpoint } from '../endpoint.ts'
import { administrationMessages } from '../administration-messages.ts'

// Roles (docs/behaviour.md#roles-and-access): "/users ... super and admin".
export const userSearch = endpoint({
  method: 'GET',
  path: '/user/search',
  summary: 'Users whose name or email holds the query, 20 a page.',
  policy: { allow: administration },
  query: searchQuerySchema,
  answer: managedUserListSchema,
})

// Roles (docs/behaviour.md#roles-and-access): /users and /stores (a store's managers), super and
// admin.
export const managerSearch = endpoint({
  method: 'POST',
  path: '/user/managers',
  summary: 'Managers whose email holds `email`, checked in to `storeId` when given.',
  policy: { allow: administration },
  body: managersQuerySchema,
  answer: managedUserListSchema,
})

// Roles (docs/behaviour.md#roles-and-access): /users/new, super and admin. The server adds its own
// rules to the form's: the allowed email domains and the phone format of the request's language.
export const userCreate = endpoint({
  method: 'POST',
  path: '/user/create',
  summary: 'Creates a user and mails them an invitation to set their password.',
  policy: { allow: administration, object: ['notSuper'] },
  body: userFormSchema,
  answer: managedUserSchema,
  status: 201,
  errors: {
    400: [administrationMessages.emailInUse, messages.restrictedEmail, messages.storeNotFound],
  },
  idempotent: true,
})

// Roles (docs/behaviour.md#roles-and-access): /users/{id}/edit, super and admin.
export const userUpdate = endpoint({
  method: 'POST',
  path: '/user/update',
  summary: 'Changes a user.',
  policy: { allow: administration, object: ['notSuper'] },
  body: userUpdateSchema,
  answer: managedUserSchema,
  errors: {
    400: [administrationMessages.emailInUse, messages.restrictedEmail, messages.storeNotFound],
    404: [messages.notFound],
  },
})

// Roles (docs/behaviour.md#roles-and-access): /users, super and admin.
export const userDelete = endpoint({
  method: 'POST',
  path: '/user/delete',
  summary: 'Deletes a user (never oneself).',
  policy: { allow: administration, object: ['notSuper', 'notSelf'] },
  body: idBodySchema,
  answer: v.null(),
  errors: { 404: [messages.notFound] },
})

// Roles (docs/behaviour.md#roles-and-access): /users/{id}/edit and /experts/{id}, super and admin.
export const userById = endpoint({
  method: 'GET',
  path: '/user/:id',
  summary: 'One user.',
  policy: { allow: administration },
  params: idParamsSchema,
  answer: managedUserSchema,
  errors: { 404: [messages.notFound] },
})

// A user's signed-in sessions, on their administration screen (/users/{id}/edit), super and
// admin; an admin does not see a super user's.
export const userSessions = endpoint({
  method: 'GET',
  path: '/user/:id/sessions',
  summary: "The user's sessions that have not ended nor expired, newest first.",
  policy: { allow: administration, object: ['notSuper'] },
  params: idParamsSchema,
  answer: userSessionListSchema,
  errors: { 404: [messages.notFound] },
})

// The tablets where a user still holds a device credential, with their waiting trials: listed in
// the confirmation of deleting them (/users/{id}/edit), super and admin; an admin does not see a
// super user's.
export const userDevices = endpoint({
  method: 'GET',
  path: '/user/:id/devices',
  summary:
    'The devices where the user holds a credential that is not revoked nor expired, with the trials waiting on each as its last heartbeat told; those seen last first.',
  policy: { allow: administration, object: ['notSuper'] },
  params: idParamsSchema,
  answer: userDeviceListSchema,
  errors: { 404: [messages.notFound] },
})

// Ends a session at once, on every process; again, it changes nothing.
export const sessionRevoke = endpoint({
  method: 'POST',
  path: '/user/session/revoke',
  summary: 'Ends a session at once; a session already ended stays so (answered the same).',
  policy: { allow: administration, object: ['notSuper'] },
  body: sessionIdBodySchema,
  answer: v.null(),
  errors: { 404: [messages.notFound] },
})
