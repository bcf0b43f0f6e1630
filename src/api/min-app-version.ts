import { useSyncExternalStore } from 'react'

/**
 * The oldest app version the server still serves in full, as its last answer named it
 * (`Min-App-Version`). Kept on the device, so that an app found too old keeps saying so after a
 * reload without a connection.
 */
const storageKey = 'brand-expert.min-app-version'
const listeners = new Set<() => void>()
let known: string | null = readStored()

function readStored(): string | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

/** What an answer said the minimum is (nothing when it did not say). */
export function learnMinAppVersion(minimum: string | null): void {
  if (!minimum || minimum === known) return
  known = minimum
  try {
    localStorage.setItem(storageKey, minimum)
  } catch {
    // A full or refused storage: known for this page only.
  }
  for (const listener of listeners) listener()
}

export function knownMinAppVersion(): string | null {
  return known
}

export function useMinAppVersion(): string | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => known,
  )
}
