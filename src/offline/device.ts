import { offlineDatabase, type DeviceCredential, type OfflineDatabase } from './database.ts'

/**
 * This device's id (docs/behaviour.md#devices): a random UUID made the first time it is asked
 * for and kept in IndexedDB; two tabs asking at once get the same one.
 */
export function deviceId(db: OfflineDatabase = offlineDatabase()): Promise<string> {
  return db.transaction('rw', db.device, async () => {
    const known = await db.device.get('id')
    if (known) return known.value
    const value = crypto.randomUUID()
    await db.device.add({ name: 'id', value })
    return value
  })
}

/** Keeps the credential the server issued at this user's sign-in on this device. */
export async function saveDeviceCredential(
  userId: number,
  credential: string,
  db: OfflineDatabase = offlineDatabase(),
): Promise<void> {
  await db.credentials.put({ userId, credential, issuedAt: new Date().toISOString() })
}

/** The user's credential on this device, if they signed in on it since it had one. */
export async function credentialOf(
  userId: number,
  db: OfflineDatabase = offlineDatabase(),
): Promise<string | undefined> {
  return (await db.credentials.get(userId))?.credential
}

/** The credential of the last sign-in on this device: the heartbeat's. */
export function latestCredential(
  db: OfflineDatabase = offlineDatabase(),
): Promise<DeviceCredential | undefined> {
  return db.credentials.orderBy('issuedAt').last()
}

/** A credential the server no longer takes (revoked, expired): forgotten until the next sign-in. */
export async function forgetCredential(
  userId: number,
  credential: string,
  db: OfflineDatabase = offlineDatabase(),
): Promise<void> {
  await db.transaction('rw', db.credentials, async () => {
    if ((await db.credentials.get(userId))?.credential === credential) {
      await db.credentials.delete(userId)
    }
  })
}
