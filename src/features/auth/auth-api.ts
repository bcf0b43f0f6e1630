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
import { adoptDeviceId, deviceIdentityForSignIn } from '../../offline/device-id.ts'
import { startOutboxAfterLogin } from '../../offline/outbox/start-outbox.ts'
import { startServiceWorker } from '../../offline/start-service-worker.ts'
import { setLockStatus } from './lock-state.ts'

/**
 * The lock screen's password opened another account than the one signed in on the device: its
 * session is ended at once, and nothing of it is kept.
 */
export class OtherAccountError extends Error {
  constructor() {
    super('another account')
    this.name = 'OtherAccountError'
  }
}

/** The sign-in page's password. */
export function login(body: LoginBody) {
  return signIn(body)
}

/** The lock screen's password: it must open the account signed in on the device. */
export function unlockWithPassword(lockedUserId: number, body: LoginBody) {
  return signIn(body, lockedUserId)
}

/**
 * Signs in naming this device (its id and secret; the answer may give it a new id), keeps the
 * device credential the answer brings (docs/behaviour.md#devices) before the outbox starts, and
 * opens the user's kept data with the device key (docs/security.md#the-pin-and-the-device-key).
 * The device's database loads only once the request has left: the sign-in page does not carry it.
 */
async function signIn(body: LoginBody, lockedUserId?: number) {
  const device = deviceIdentityForSignIn()
  const result = await call(loginEndpoint, {
    body: { ...body, device_id: device.id, device_secret: device.secret },
  })
  if (lockedUserId !== undefined && result.data.id !== lockedUserId) {
    void endServerSession(result.data.token).catch(() => undefined)
    throw new OtherAccountError()
  }
  const {
    device_id: deviceId = device.id,
    device_credential: credential,
    device_key: deviceKey,
    ...session
  } = result.data
  if (deviceId !== device.id) adoptDeviceId(deviceId)
  saveSession(session, body.remember_me ?? true)
  const [deviceRecords, vault] = await Promise.all([
    import('../../offline/device.ts'),
    import('./device-vault.ts'),
  ])
  if (credential !== undefined) {
    await Promise.all([
      deviceRecords.keepDeviceId(deviceId),
      deviceRecords.saveDeviceCredential(session.id, credential),
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
