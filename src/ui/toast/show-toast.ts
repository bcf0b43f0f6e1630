import type { ToastKind } from './toast-queue.ts'

const listeners = new Set<() => void>()
let shown = false

/**
 * Shows a toast from anywhere, React or not. The queue and the toaster (radix Toast) load with
 * the first toast, so a first screen that shows none (sign-in) carries neither.
 */
export function showToast(kind: ToastKind, message: string, detail?: string): void {
  void import('./toast-queue.ts').then(({ toastQueue }) =>
    toastQueue.notify({ kind, message, detail }),
  )
  if (shown) return
  shown = true
  for (const listener of listeners) listener()
}

/** Whether a toast was ever shown: from then on <LazyToaster /> renders the toaster. */
export const toasterNeeded = {
  subscribe: (listener: () => void) => {
    listeners.add(listener)
    return () => {
      listeners.delete(listener)
    }
  },
  getSnapshot: () => shown,
}
