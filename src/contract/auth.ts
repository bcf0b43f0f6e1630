import * as v from 'valibot'
import { roleSchema } from './roles.ts'
import { countries } from './countries.ts'
import { localeSchema } from './locale.ts'
import { emailSchema, passwordSchema, passwordsMatch, requiredText } from './validators.ts'
import { messages } from './messages.ts'
import { deviceIdSchema } from './http.ts'

/**
 * A manager's store: its country gives the phone prefix of their trials (absent from sessions
 * kept on a device by versions before it; the next `GET /me` brings it).
 */
export const expertStoreSchema = v.object({
  id: v.number(),
  name: v.string(),
  country: v.optional(v.picklist(countries)),
})
export type ExpertStore = v.InferOutput<typeof expertStoreSchema>

/** The signed-in user as the API returns it. Only a manager has an `expertStore`. */
export const userSchema = v.object({
  id: v.number(),
  role: roleSchema,
  fullname: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  expertStore: v.nullable(expertStoreSchema),
})
export type User = v.InferOutput<typeof userSchema>

/** `POST /user/login` and `GET /me` answer `data`: the token plus the user's fields. */
export const sessionSchema = v.object({ token: v.string(), ...userSchema.entries })
export type Session = v.InferOutput<typeof sessionSchema>

/**
 * `POST /user/login` answers the session and, when the body named the device, the device's
 * credential for this user (docs/behaviour.md#devices), which is not part of the session, and the
 * device key that opens the user's kept data on that device after a password
 * (docs/security.md#the-pin-and-the-device-key).
 */
export const loginAnswerSchema = v.object({
  ...sessionSchema.entries,
  /**
   * The device the credential and the key are for: the one the body named, or a new id when that
   * one is bound to another secret (docs/security.md#device-ids). The device keeps it from then on.
   */
  device_id: v.optional(v.string()),
  device_credential: v.optional(v.string()),
  device_key: v.optional(v.string()),
})
export type LoginAnswer = v.InferOutput<typeof loginAnswerSchema>

/**
 * The login form checks the restricted-email rule on the device (with the build's allowed list);
 * the server checks only that an email and a password were given, and answers the same
 * "wrong email or password" for every failure so that accounts cannot be discovered.
 */
export const loginBodySchema = v.object({
  email: emailSchema,
  password: v.pipe(
    v.string(messages.required.id),
    v.nonEmpty(messages.required.id),
    v.maxLength(1024),
  ),
  remember_me: v.optional(v.boolean(), true),
  /** The device's id (IndexedDB): with it, the answer carries a device credential for it. */
  device_id: v.optional(deviceIdSchema),
  /**
   * The secret the device made with its id (32 random bytes, base64url), which binds the id to
   * it: a sign-in naming the id with another secret, or none once it has one, gets a new id.
   */
  device_secret: v.optional(v.pipe(v.string(), v.regex(/^[\w-]{43}$/, messages.invalid.id))),
})
export type LoginBody = v.InferInput<typeof loginBodySchema>

/** `POST /user/password`: the first password, from an invitation link. */
export const passwordSetupBodySchema = v.pipe(
  v.object({ password: passwordSchema, confirmPassword: v.string(), token: requiredText }),
  passwordsMatch(),
)

/** `POST /user/forgot-password/email` */
export const forgotPasswordBodySchema = v.object({ email: emailSchema })

/** `POST /user/reset`: a new password, from a reset link. */
export const passwordResetBodySchema = v.pipe(
  v.object({
    email: emailSchema,
    password: passwordSchema,
    confirmPassword: v.string(),
    token: requiredText,
  }),
  passwordsMatch(),
)

/** `POST /user/change-password` (the settings screen): the signed-in user's own. */
export const changePasswordBodySchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(messages.required.id), v.nonEmpty(messages.required.id)),
    password: passwordSchema,
    confirmPassword: v.string(),
  }),
  passwordsMatch(),
)

export const preferencesSchema = v.object({ locale: localeSchema })
