import { useSyncExternalStore } from 'react'

/** How far the service worker is in caching the pack images for offline use. */
type Progress = { done: number; total: number } | null
let progress: Progress = null
const listeners = new Set<() => void>()

export function setPackImageProgress(next: Progress): void {
  progress = next
  for (const listener of listeners) listener()
}

export function usePackImageProgress(): Progress {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => progress,
  )
}
