import { isQuotaError } from './database.ts'

/**
 * Runs a write to the device (the outbox, a draft); when the browser refuses it for want of room
 * (`QuotaExceededError`), `makeRoom` frees what can be fetched again (the pack images) and the
 * write is tried once more. A trial is never what does not fit while images take the room.
 */
export async function writeMakingRoom<T>(
  write: () => Promise<T>,
  makeRoom: () => Promise<boolean>,
): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (!isQuotaError(error)) throw error
    if (!(await makeRoom())) throw error
    return write()
  }
}

/** Where this device stands on storage: used and allowed bytes, and whether it may be evicted. */
export type StorageState = {
  usage: number | undefined
  quota: number | undefined
  persisted: boolean | undefined
}

/** Storage at or above this share of the quota is shown as a warning. */
export const storageWarningShare = 0.8

export function isStorageNearlyFull({ usage, quota }: StorageState): boolean {
  return (
    usage !== undefined && quota !== undefined && quota > 0 && usage / quota >= storageWarningShare
  )
}

export async function readStorageState(): Promise<StorageState> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) {
    return { usage: undefined, quota: undefined, persisted: undefined }
  }
  const [estimate, persisted] = await Promise.all([
    navigator.storage.estimate().catch(() => undefined),
    navigator.storage.persisted().catch(() => undefined),
  ])
  return { usage: estimate?.usage, quota: estimate?.quota, persisted }
}

/**
 * Asks the browser to keep this origin's data when the device runs short of room (it may say no;
 * an app installed to the home screen is more likely to get a yes). Answers what it said.
 */
export async function askPersistentStorage(): Promise<boolean> {
  if (typeof navigator === 'undefined' || !('storage' in navigator)) return false
  return navigator.storage.persist().catch(() => false)
}
