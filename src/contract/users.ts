import * as v from 'valibot'
import { listOf, maxId } from './http.ts'
import { messages } from './messages.ts'
import { userSchema } from './auth.ts'
import { readableText, requiredText } from './validators.ts'

/**
 * A user as the administration screens list and edit them (`GET /user/search`, `GET /user/{id}`):
 * a signed-in user's fields (`userSchema`), and two that only the administration shows.
 */
export const managedUserSchema = v.object({
  ...userSchema.entries,
  /** False until the invited user has set a password. */
  active: v.boolean(),
  createdAt: v.string(),
})
export type ManagedUser = v.InferOutput<typeof managedUserSchema>
export const managedUserListSchema = listOf(managedUserSchema)

/** The most characters of a user's full name. */
export const fullnameMaxLength = 120

/**
 * `POST /user/create` `{ fullname, email, phone, role, expertStoreId? }`; the server checks the
 * restricted-email rule with its configured domains and the phone with the request's locale.
 * `POST /user/update` is the same with `id`.
 */
export const userFormSchema = v.object({
  fullname: v.pipe(readableText, v.maxLength(fullnameMaxLength)),
  email: requiredText,
  phone: requiredText,
  role: v.picklist(['super', 'admin', 'manager', 'agent'], messages.required.id),
  expertStoreId: v.optional(
    v.nullable(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))),
  ),
})
export type UserForm = v.InferOutput<typeof userFormSchema>
export const userUpdateSchema = v.object({
  id: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId)),
  ...userFormSchema.entries,
})
export const idBodySchema = v.object({
  id: v.pipe(v.number(messages.required.id), v.integer(), v.minValue(1), v.maxValue(maxId)),
})

/**
 * `POST /user/managers` `{ email, page, storeId? }`: managers (not deleted) whose email holds
 * `email`, checked in to `storeId` when given; `data: { rows, count }` of `managedUserSchema`,
 * 20 a page (a page of 0 means 1).
 */
export const managersQuerySchema = v.object({
  email: v.optional(v.string(), ''),
  page: v.optional(v.number(), 0),
  storeId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))),
})

/**
 * A signed-in session of a user (`GET /user/{id}/sessions`): the ones not ended nor expired,
 * newest first. `userAgent` is the browser's, as it sent it.
 */
export const userSessionSchema = v.object({
  id: v.string(),
  createdAt: v.string(),
  lastUsedAt: v.string(),
  expiresAt: v.string(),
  clientAddress: v.string(),
  userAgent: v.string(),
  remembered: v.boolean(),
})
export type UserSession = v.InferOutput<typeof userSessionSchema>
export const userSessionListSchema = v.array(userSessionSchema)

/**
 * A tablet where a user holds a device credential that still works (`GET /user/{id}/devices`),
 * shown before the user is deleted: deleting leaves it working (decision 16). `lastSeenAt` and
 * `waiting` are as its last heartbeat told them; null before its first.
 */
export const userDeviceSchema = v.object({
  id: v.string(),
  lastSeenAt: v.nullable(v.string()),
  waiting: v.nullable(v.number()),
})
export type UserDevice = v.InferOutput<typeof userDeviceSchema>
export const userDeviceListSchema = v.array(userDeviceSchema)

/** `POST /user/session/revoke` `{ id }`: a session's id (a UUID). */
export const sessionIdBodySchema = v.object({
  id: v.pipe(v.string(messages.required.id), v.uuid(messages.invalid.id)),
})
