import * as v from 'valibot'
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginAnswerSchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordSetupBodySchema,
  sessionSchema,
} from '../auth.ts'
import { messages } from '../messages.ts'
import { everyone, signedIn } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

/** The answer of a call whose `message` says it all. */
const nothing = v.null()

// /login is public (docs/api.md).
export const login = endpoint({
  method: 'POST',
  path: '/user/login',
  summary:
    "Signs in: the token and the user, and with a `device_id` (and the `device_secret` it is bound to) that device's credential and key for the user, and the id they are for: another when that id is bound to another secret. Every failure answers the same 401, so that accounts cannot be discovered; repeated failures are throttled by account and by address.",
  policy: { allow: everyone },
  body: loginBodySchema,
  answer: loginAnswerSchema,
  errors: { 401: [messages.invalidCredentials], 429: [messages.tooManyAttempts] },
})

// Roles (docs/behaviour.md#roles-and-access): /forgot-password is public.
export const forgotPassword = endpoint({
  method: 'POST',
  path: '/user/forgot-password/email',
  summary:
    'Mails a password reset link to the address if an account has it; answers the same either way.',
  policy: { allow: everyone },
  body: forgotPasswordBodySchema,
  answer: nothing,
})

// Roles (docs/behaviour.md#roles-and-access): /password-reset is public.
export const resetPassword = endpoint({
  method: 'POST',
  path: '/user/reset',
  summary: 'Sets a new password from a reset link.',
  policy: { allow: everyone },
  body: passwordResetBodySchema,
  answer: nothing,
  errors: { 400: [messages.tokenInvalid] },
})

// Roles (docs/behaviour.md#roles-and-access): /password-setup is public.
export const setupPassword = endpoint({
  method: 'POST',
  path: '/user/password',
  summary: 'Sets the first password from an invitation link.',
  policy: { allow: everyone },
  body: passwordSetupBodySchema,
  answer: nothing,
  errors: { 400: [messages.tokenInvalid] },
})

// Roles (docs/behaviour.md#roles-and-access): any logged-in user; "on start, if authenticated, the
// current user is fetched" (docs/behaviour.md#states-and-transitions).
export const me = endpoint({
  method: 'GET',
  path: '/me',
  summary: 'The signed-in user, with a fresh token.',
  policy: { allow: signedIn },
  answer: sessionSchema,
})

// Roles (docs/behaviour.md#roles-and-access): any logged-in user, for their own password
// (/settings).
export const changePassword = endpoint({
  method: 'POST',
  path: '/user/change-password',
  summary: "Changes the signed-in user's own password.",
  policy: { allow: signedIn },
  body: changePasswordBodySchema,
  answer: nothing,
  errors: { 400: [messages.wrongCurrentPassword], 429: [messages.tooManyAttempts] },
})

// Signing out ends the session on the server too: its token stops working at once.
export const logout = endpoint({
  method: 'POST',
  path: '/user/logout',
  summary: 'Signs out: the session ends, and its token stops working.',
  policy: { allow: signedIn },
  answer: nothing,
})
