import { call } from '../../api/client.ts'
import { getSession, saveSession } from '../../api/session.ts'
import type { LoginBody } from '../../contract/auth.ts'
import {
  changePassword as changePasswordEndpoint,
  forgotPassword,
  login as loginEndpoint,
  me,
  resetPassword as resetPasswordEndpoint,
  setupPassword,
} from '../../contract/endpoints/auth.ts'
import { startOutboxAfterLogin } from '../../offline/start-outbox.ts'

export async function login(body: LoginBody) {
  const result = await call(loginEndpoint, { body })
  saveSession(result.data, body.remember_me ?? true)
  void startOutboxAfterLogin(result.data.id)
  // Asked at sign-in, a moment the user chose: a browser that grants it keeps the trials waiting
  // on the device when it runs short of room (docs/behaviour.md#offline).
  if ('storage' in navigator) void navigator.storage.persist().catch(() => false)
  return result
}

/**
 * Refreshes the stored token and user from `GET /me` (on start,
 * docs/behaviour.md#states-and-transitions).
 */
export async function refreshSession() {
  const token = getSession()?.token
  const result = await call(me, {})
  // Signed out (or in as someone else) while the answer was on its way: it is not brought back.
  if (token !== undefined && getSession()?.token === token) saveSession(result.data)
  return result
}

export function requestPasswordReset(body: { email: string }) {
  return call(forgotPassword, { body })
}

export function resetPassword(body: {
  email: string
  password: string
  confirmPassword: string
  token: string
}) {
  return call(resetPasswordEndpoint, { body })
}

export function setUpPassword(body: { password: string; confirmPassword: string; token: string }) {
  return call(setupPassword, { body })
}

export function changePassword(body: {
  currentPassword: string
  password: string
  confirmPassword: string
}) {
  return call(changePasswordEndpoint, { body })
}
