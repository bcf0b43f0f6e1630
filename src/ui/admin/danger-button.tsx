import { useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import { Button } from '../button.tsx'
import { ConfirmDialog } from '../confirm-dialog.tsx'

/**
 * A danger button (delete, revoke) that asks first. `onConfirm` starts the act and calls `done`
 * once it has succeeded, which closes the question: after a failure it stays open, to try again.
 */
export function DangerButton({
  label,
  pending,
  title,
  description,
  details,
  confirmLabel,
  onConfirm,
}: {
  label: ReactNode
  pending: boolean
  title: ReactNode
  description: ReactNode
  details?: ReactNode
  confirmLabel: ReactNode
  onConfirm: (done: () => void) => void
}) {
  const [open, setOpen] = useState(false)
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      danger
      pending={pending}
      trigger={<Button variant="danger">{label}</Button>}
      title={title}
      description={description}
      details={details}
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={confirmLabel}
      onConfirm={() => onConfirm(() => setOpen(false))}
    />
  )
}
