import { lazy, Suspense, useSyncExternalStore } from 'react'
import { toasterNeeded } from './show-toast.ts'

const Toaster = lazy(async () => ({ default: (await import('./toaster.tsx')).Toaster }))

/** The toaster, loaded with the first toast (`showToast`); nothing before it. */
export function LazyToaster() {
  const needed = useSyncExternalStore(toasterNeeded.subscribe, toasterNeeded.getSnapshot)
  if (!needed) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}
