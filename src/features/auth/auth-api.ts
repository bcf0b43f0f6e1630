import * as v from 'valibot'
import { getJson, postJson } from '../../api/client.ts'
import { getSession, saveSession } from '../../api/session.ts'
import { sessionSchema, type LoginBody } from '../../contract/auth.ts'
import { startOutboxAfterLogin } from '../../offline/start-outbox.ts'

const nothing = v.unknown()

export async function login(body: LoginBody) {
  const result = await postJson('user/login', sessionSchema, body)
  saveSession(result.data, body.remember_me ?? true)
  void startOutboxAfterLogin(result.data.id)
  return result
}

/**
 * Refreshes the stored token and user from `GET /me` (on start,
 * docs/behaviour.md#states-and-transitions).
 */
export async function refreshSession() {
  const token = getSession()?.token
  const result = await getJson('me', sessionSchema)
  // Signed out (or in as someone else) while the answer was on its way: it is not brought back.
  if (token !== undefined && getSession()?.token === token) saveSession(result.data)
  return result
}

export function requestPasswordReset(body: { email: string }) {
  return postJson('user/forgot-password/email', nothing, body)
}

export function resetPassword(body: {
  email: string
  password: string
  confirmPassword: string
  token: string
}) {
  return postJson('user/reset', nothing, body)
}

export function setUpPassword(body: { password: string; confirmPassword: string; token: string }) {
  return postJson('user/password', nothing, body)
}

export function changePassword(body: {
  currentPassword: string
  password: string
  confirmPassword: string
}) {
  return postJson('user/change-password', nothing, body)
}
