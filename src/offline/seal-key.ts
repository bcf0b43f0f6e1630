import { call } from '../api/client.ts'
import { trialSealKey } from '../contract/endpoints/trials.ts'
import type { SealingKey } from '../contract/trial-contact.ts'
import { importSealKey } from '../contract/trial-seal.ts'
import { offlineDatabase, type OfflineDatabase } from './database.ts'
import { keepSealKey, keptSealKey } from './kept-seal-key.ts'

/**
 * Fetches the server's current public key and keeps it; after sign-in and on every start, so a
 * rotated key reaches the tablet. Offline or refused: the kept one stays.
 */
export async function refreshSealKey(db: OfflineDatabase = offlineDatabase()): Promise<void> {
  try {
    const { data } = await call(trialSealKey, {})
    await keepSealKey(data, db)
  } catch (error) {
    console.warn('the server key for sealing trials was not fetched', error)
  }
}

/**
 * The key a trial finished now is sealed to: the kept one, else fetched now. Undefined when the
 * device never had one and cannot get it (decision 20: Finish then keeps the draft and asks for a
 * connection rather than keep the contact in the clear).
 */
export async function sealingKey(
  db: OfflineDatabase = offlineDatabase(),
): Promise<SealingKey | undefined> {
  let kept = await keptSealKey(db)
  if (!kept) {
    await refreshSealKey(db)
    kept = await keptSealKey(db)
  }
  if (!kept) return undefined
  return { kid: kept.kid, key: await importSealKey(kept.jwk) }
}
