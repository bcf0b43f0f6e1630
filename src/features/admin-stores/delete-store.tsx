import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import type { Store } from '../../contract/stores.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { useDeleteStore } from './store-admin-queries.ts'

/** Delete with a confirmation; the server archives a store with history (its toast says so). */
export function DeleteStore({ store }: { store: Store }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const remove = useDeleteStore()
  const name = store.name
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      danger
      pending={remove.isPending}
      trigger={
        <Button variant="danger">
          <Trans>Delete store</Trans>
        </Button>
      }
      title={<Trans>Delete the store?</Trans>}
      description={
        <Trans>
          {name} will no longer be offered. A store with history is archived instead, so that
          nothing is lost.
        </Trans>
      }
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Yes, delete</Trans>}
      onConfirm={() =>
        remove.mutate(store.id, {
          onSuccess: () => {
            setOpen(false)
            void navigate({ to: '/stores' })
          },
        })
      }
    />
  )
}
