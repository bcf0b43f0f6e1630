import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { Dialog } from 'radix-ui'
import { useSession } from '../../api/use-session.ts'
import type { ManagedUser } from '../../contract/users.ts'
import { Button } from '../../ui/button.tsx'
import { useDeleteUser } from './user-queries.ts'
import { canManage } from './user-roles.ts'
import styles from '../../ui/admin/admin.module.css'

/** Delete with a confirmation; nobody is offered to delete themselves. */
export function DeleteUser({ user }: { user: ManagedUser }) {
  const session = useSession()
  const navigate = useNavigate()
  const [open, setOpen] = useState(false)
  const remove = useDeleteUser()
  // Nobody deletes themselves; only a super user deletes a super user.
  if (session?.user.id === user.id || !canManage(session?.user.role, user)) return null
  const name = user.fullname
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!remove.isPending) setOpen(next)
      }}
    >
      <Dialog.Trigger asChild>
        <Button variant="danger">
          <Trans>Delete user</Trans>
        </Button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.dialogTitle}>
            <Trans>Delete the user?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Trans>
              {name} will no longer be able to sign in. Their trials stay in the history.
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
                remove.mutate(user.id, {
                  onSuccess: () => {
                    setOpen(false)
                    void navigate({ to: '/users' })
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
