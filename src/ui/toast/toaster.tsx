import { useEffect, useRef, useSyncExternalStore, type RefObject } from 'react'
import { Toast } from 'radix-ui'
import { useLingui } from '@lingui/react/macro'
import { cx } from '../cx.ts'
import { toastQueue, type ToastItem, type ToastPosition, type ToastQueue } from './toast-queue.ts'
import { ToastIcon } from './toast-icon.tsx'
import styles from './toaster.module.css'

/**
 * Renders the toast queue: one radix Toast viewport at the top and one at the bottom.
 * The queue owns the timing (radix timers are off); radix gives the landmark, the F8 hotkey,
 * screen-reader announcements (errors assertive, the rest polite), Escape, swipe and the
 * viewport-wide pause on hover or focus, which this passes on to the queue.
 */
export function Toaster({ queue = toastQueue }: { queue?: ToastQueue }) {
  const snapshot = useSyncExternalStore(queue.subscribe, queue.getSnapshot, queue.getSnapshot)
  return (
    <>
      <ToastRegion position="top" items={snapshot.top} queue={queue} />
      <ToastRegion position="bottom" items={snapshot.bottom} queue={queue} />
    </>
  )
}

interface RegionProps {
  position: ToastPosition
  items: readonly ToastItem[]
  queue: ToastQueue
}

function ToastRegion({ position, items, queue }: RegionProps) {
  const { t } = useLingui()
  const pausedRef = useRef(false)
  const top = position === 'top'
  return (
    <Toast.Provider
      label={t`Notification`}
      duration={Infinity}
      swipeDirection={top ? 'up' : 'down'}
    >
      {items.map((item) => (
        <ToastCard key={item.id} item={item} queue={queue} regionPausedRef={pausedRef} />
      ))}
      <Toast.Viewport
        className={cx(styles.viewport, top ? styles.top : styles.bottom)}
        hotkey={top ? ['F8'] : ['altKey', 'F8']}
        label={top ? t`Notifications (F8)` : t`Notifications at the bottom (Alt+F8)`}
      />
    </Toast.Provider>
  )
}

interface CardProps {
  item: ToastItem
  queue: ToastQueue
  /** True while the pointer or focus is in the viewport (or the window is in the background). */
  regionPausedRef: RefObject<boolean>
}

function ToastCard({ item, queue, regionPausedRef }: CardProps) {
  const { t } = useLingui()
  const kindLabel = { success: t`Success`, error: t`Error`, info: t`Information` }[item.kind]

  // A toast that arrives while the region is paused starts paused too.
  useEffect(() => {
    if (regionPausedRef.current) queue.pause(item.id)
  }, [item.id, queue, regionPausedRef])

  return (
    <Toast.Root
      open={item.phase === 'visible'}
      onOpenChange={(open) => {
        if (!open) queue.dismiss(item.id)
      }}
      type={item.kind === 'error' ? 'foreground' : 'background'}
      onPause={() => {
        regionPausedRef.current = true
        queue.pause(item.id)
      }}
      onResume={() => {
        regionPausedRef.current = false
        queue.resume(item.id)
      }}
      className={cx(styles.toast, styles[item.kind])}
      data-kind={item.kind}
    >
      <ToastIcon kind={item.kind} className={styles.icon} />
      <Toast.Description className={styles.message}>
        <span className="visually-hidden">{kindLabel}: </span>
        {item.message}
        {item.detail && <span className={styles.detail}>{item.detail}</span>}
      </Toast.Description>
      <Toast.Close className={styles.close} aria-label={t`Close`}>
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M6 6l12 12M18 6L6 18"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
          />
        </svg>
      </Toast.Close>
    </Toast.Root>
  )
}
