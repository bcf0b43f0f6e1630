import { createAtom, useSelector } from '@tanstack/react-store'

/**
 * The oldest app version the server still serves in full, as its last answer named it
 * (`Min-App-Version`). Kept on the device, so that an app found too old keeps saying so after a
 * reload without a connection.
 */
const storageKey = 'brand-expert.min-app-version'
const known = createAtom(readStored())

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

/** What an answer said the minimum is (nothing when it did not say). */
export function learnMinAppVersion(minimum: string | null): void {
  if (!minimum || minimum === known.get()) return
  try {
    localStorage.setItem(storageKey, minimum)
  } catch {
    // A full or refused storage: known for this page only.
  }
  known.set(minimum)
}

export const knownMinAppVersion = known.get

export function useMinAppVersion(): string | null {
  return useSelector(known)
}
