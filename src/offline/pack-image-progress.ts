import { createAtom, useSelector } from '@tanstack/react-store'

/** How far the service worker is in caching the pack images for offline use. */
type Progress = { done: number; total: number } | null
const progress = createAtom<Progress>(null)

export const setPackImageProgress = progress.set

export function usePackImageProgress(): Progress {
  return useSelector(progress)
}
