import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Dialog } from 'radix-ui'
import type { Store } from '../../contract/stores.ts'
import { Button } from '../../ui/button.tsx'
import { useDeleteStore } from './store-admin-queries.ts'
import styles from '../../ui/admin/admin.module.css'

/** Delete with a confirmation; the server archives a store with history (its toast says so). */
export function DeleteStore({ store }: { store: Store }) {
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const remove = useDeleteStore()
  const name = store.name
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) setOpen(next)
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">
          <Trans>Delete store</Trans>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            <Trans>Delete the store?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              {name} will no longer be offered. A store with history is archived instead, so that
              nothing is lost.
            </Trans>
          </Dialog.Description>
          <div className={styles.dialogActions}>
            <Dialog.Close asChild>
              <Button variant="secondary" disabled={remove.isPending}>
                <Trans>Cancel</Trans>
              </Button>
            </Dialog.Close>
            <Button
              variant="danger"
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(store.id, {
                  onSuccess: () => {
                    setOpen(false)
                    void navigate({ to: '/stores' })
                  },
                })
              }
            >
              <Trans>Yes, delete</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
