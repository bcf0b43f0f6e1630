import { lazy, Suspense, type ComponentProps } from 'react'
import type { ConfirmDialog as Dialog } from './confirm-dialog.tsx'

const ConfirmDialog = lazy(async () => ({
  default: (await import('./confirm-dialog.tsx')).ConfirmDialog,
}))

/**
 * `ConfirmDialog`, fetched the first time it opens: on the trial's path, where a question is the
 * exception, the dialog's code would otherwise weigh on every step (the service worker keeps the
 * chunk, so it opens offline too). Opened only by `open`, never by a trigger.
 */
export function ConfirmDialogOnDemand(props: Omit<ComponentProps<typeof Dialog>, 'trigger'>) {
  if (!props.open) return null
  return (
    <Suspense fallback={null}>
      <ConfirmDialog {...props} />
    </Suspense>
  )
}
