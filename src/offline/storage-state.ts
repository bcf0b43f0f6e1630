/*
 * Kept apart from the device's database (Dexie): the sign-in page asks for persistent storage and
 * loads none of it.
 */

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
