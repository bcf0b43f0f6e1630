import type { ToastKind } from './toast-queue.ts'

/** A decorative icon for a toast's kind (the kind is also given in words). */
export function ToastIcon({
  kind,
  className,
}: {
  kind: ToastKind
  className?: string | undefined
}) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" className={className}>
      <circle cx="12" cy="12" r="10" fill="currentColor" />
      {kind === 'success' && (
        <path
          d="M7 12.5l3.2 3L17 8.5"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinecap="round"
        />
      )}
      {kind === 'error' && (
        <path d="M12 6.5v7M12 17v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      )}
      {kind === 'info' && (
        <path d="M12 11v6.5M12 7v.5" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
      )}
    </svg>
  )
}
