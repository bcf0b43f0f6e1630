import * as v from 'valibot'
import { publicSealKeySchema, type PublicSealKey } from '../contract/trial-seal.ts'
import { offlineDatabase, type OfflineDatabase } from './database.ts'

/** Where the device keeps the server's public key (the device's values, database.ts). */
const sealKeyName = 'trialSealKey'

/** Keeps the server's public key on the device: not personal, and what Finish seals to offline. */
export async function keepSealKey(
  key: PublicSealKey,
  db: OfflineDatabase = offlineDatabase(),
): Promise<void> {
  await db.device.put({ name: sealKeyName, value: JSON.stringify(key) })
}

/** The server's public key as last fetched, or undefined when the device has none (or garbage). */
export async function keptSealKey(
  db: OfflineDatabase = offlineDatabase(),
): Promise<PublicSealKey | undefined> {
  const kept = await db.device.get(sealKeyName)
  if (!kept) return undefined
  try {
    const parsed = v.safeParse(publicSealKeySchema, JSON.parse(kept.value))
    return parsed.success ? parsed.output : undefined
  } catch {
    return undefined
  }
}
