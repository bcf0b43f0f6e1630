import { useValue, valueStore } from '../api/value-store.ts'

/** How far the service worker is in caching the pack images for offline use. */
type Progress = { done: number; total: number } | null
const progress = valueStore<Progress>(null)

export const setPackImageProgress = progress.set

export function usePackImageProgress(): Progress {
  return useValue(progress)
}
