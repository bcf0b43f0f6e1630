const key = 'device-id'
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * This device's id for the sign-in request (docs/behaviour.md#devices): a random UUID made the
 * first time. The sign-in page reads it from localStorage, so that the device's database (Dexie)
 * is not loaded before the sign-in request leaves; once signed in it is kept in IndexedDB too
 * (`keepDeviceId`), where the outbox and the heartbeat read it.
 */
export function deviceIdForSignIn(): string {
  const known = localStorage.getItem(key)
  if (known !== null && uuid.test(known)) return known
  const id = crypto.randomUUID()
  localStorage.setItem(key, id)
  return id
}
