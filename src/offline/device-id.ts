const idKey = 'device-id'
const secretKey = 'device-secret'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i
const secretPattern = /^[\w-]{43}$/

/** This device's id and the secret that binds it (docs/security.md#device-ids). */
export type DeviceIdentity = { id: string; secret: string }

/** 32 random bytes, base64url: the form the server takes. */
function newSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

/**
 * This device's id and secret for the sign-in request (docs/behaviour.md#devices): a random UUID
 * and 32 random bytes made the first time (the secret also by a device whose id an older build
 * made). The sign-in page reads them from localStorage, so that the device's database (Dexie) is
 * not loaded before the sign-in request leaves; once signed in the id is kept in IndexedDB too
 * (`keepDeviceId`). Both belong to the device, not to a user: sign-out and the wipes leave them.
 */
export function deviceIdentityForSignIn(): DeviceIdentity {
  let id = localStorage.getItem(idKey)
  if (id === null || !uuid.test(id)) {
    id = crypto.randomUUID()
    localStorage.setItem(idKey, id)
  }
  let secret = localStorage.getItem(secretKey)
  if (secret === null || !secretPattern.test(secret)) {
    secret = newSecret()
    localStorage.setItem(secretKey, secret)
  }
  return { id, secret }
}

/**
 * The id the server answered for this device: another than the one sent when that one was bound
 * to another secret (a copied or guessed id). The secret stays: the server bound the new id to it.
 */
export function adoptDeviceId(id: string): void {
  if (uuid.test(id)) localStorage.setItem(idKey, id)
}
