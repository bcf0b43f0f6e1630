import { call } from '../../api/client.ts'
import { getSession, saveSession } from '../../api/session.ts'
import type { LoginBody } from '../../contract/auth.ts'
import {
  changePassword as changePasswordEndpoint,
  forgotPassword,
  login as loginEndpoint,
  logout as logoutEndpoint,
  me,
  resetPassword as resetPasswordEndpoint,
  setupPassword,
} from '../../contract/endpoints/auth.ts'
import { deviceIdForSignIn } from '../../offline/device-id.ts'
import { startOutboxAfterLogin } from '../../offline/start-outbox.ts'
import { startServiceWorker } from '../../offline/start-service-worker.ts'
import { setLockStatus } from './lock-state.ts'

/**
 * Signs in naming this device, keeps the device credential the answer brings
 * (docs/behaviour.md#devices) before the outbox starts, and opens the user's kept data with the
 * device key (docs/security.md#the-pin-and-the-device-key). Also the lock screen's password unlock. The device's database loads only once the
 * request has left: the sign-in page does not carry it.
 */
export async function login(body: LoginBody) {
  const deviceId = deviceIdForSignIn()
  const result = await call(loginEndpoint, { body: { ...body, device_id: deviceId } })
  const { device_credential: credential, device_key: deviceKey, ...session } = result.data
  saveSession(session, body.remember_me ?? true)
  const [device, vault] = await Promise.all([
    import('../../offline/device.ts'),
    import('./device-vault.ts'),
  ])
  if (credential !== undefined) {
    await Promise.all([
      device.keepDeviceId(deviceId),
      device.saveDeviceCredential(session.id, credential),
    ]).catch((error: unknown) => console.warn('device credential not kept', error))
  }
  // The user's kept data opens with the device key, or they choose their first PIN here. A device
  // whose database cannot open keeps nothing of theirs: the app opens, and a reload signs out.
  await vault.openAfterPassword(session.id, deviceKey).catch((error: unknown) => {
    console.warn('the kept data cannot be opened on this device', error)
    setLockStatus('open')
  })
  void startOutboxAfterLogin(session.id)
  startServiceWorker()
  // Asked at sign-in, a moment the user chose: a browser that grants it keeps the trials waiting
  // on the device when it runs short of room (docs/behaviour.md#offline).
  if ('storage' in navigator) void navigator.storage.persist().catch(() => false)
  return result
}

/**
 * Ends the session on the server (`POST /user/logout`), so that its token stops working wherever
 * it was kept. Its token is passed here: the device has forgotten it by the time the request goes.
 */
export function endServerSession(token: string) {
  return call(logoutEndpoint, { headers: { Authorization: `Bearer ${token}` } })
}

/**
 * Refreshes the stored token and user from `GET /me` (on start,
 * docs/behaviour.md#states-and-transitions).
 */
export async function refreshSession() {
  const token = getSession()?.token
  const result = await call(me, {})
  // Signed out (or in as someone else) while the answer was on its way: it is not brought back.
  if (token && getSession()?.token === token) saveSession(result.data)
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
