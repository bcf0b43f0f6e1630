import type { ReactNode } from 'react'
import { Dialog } from 'radix-ui'
import { Button } from './button.tsx'
import styles from './confirm-dialog.module.css'

/**
 * "Do this?": a modal question before an act that is not undone with one click. Cancel and the
 * Escape key close it; while the act runs, neither button can be pressed again. A `trigger` (a
 * button) opens it and gets the focus back when it closes.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  details,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  danger = false,
  trigger,
  onCloseAutoFocus,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: ReactNode
  description: ReactNode
  /** What the person should know before answering, below the question (a list, links). */
  details?: ReactNode
  confirmLabel: ReactNode
  cancelLabel: ReactNode
  onConfirm: () => void
  pending?: boolean
  danger?: boolean
  trigger?: ReactNode
  /**
   * Where the focus goes once it has closed, when not back to what opened it (the act removed the
   * trigger): call `event.preventDefault()` and focus the place.
   */
  onCloseAutoFocus?: (event: Event) => void
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!pending) onOpenChange(next)
      }}
    >
      {trigger && <Dialog.Trigger asChild>{trigger}</Dialog.Trigger>}
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.dialog}
          {...(onCloseAutoFocus ? { onCloseAutoFocus } : {})}
        >
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description>{description}</Dialog.Description>
          {details}
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel}
              </Button>
            </Dialog.Close>
            <Button variant={danger ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
