import { offlineDatabase, type DeviceCredential, type OfflineDatabase } from './database.ts'

/** Keeps this device's id (the one its sign-in named) in IndexedDB. */
export async function keepDeviceId(
  id: string,
  db: OfflineDatabase = offlineDatabase(),
): Promise<void> {
  await db.device.put({ name: 'id', value: id })
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
