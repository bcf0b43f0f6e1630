import { Dialog } from 'radix-ui'
import { Plural, Trans } from '@lingui/react/macro'
import { Button } from '../../ui/button.tsx'
import styles from './logout-dialog.module.css'

/**
 * "Log out with unsent trials?": says they stay on the device for the next sign-in
 * (docs/behaviour.md#offline). Loaded when it is opened.
 */
export function LogoutDialog({
  waiting,
  onStay,
  onLogOut,
}: {
  waiting: number
  onStay: () => void
  onLogOut: () => void
}) {
  return (
    <Dialog.Root
      open
      onOpenChange={(open) => {
        if (!open) onStay()
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content className={styles.dialog}>
          <Dialog.Title className={styles.title}>
            <Trans>Log out with unsent trials?</Trans>
          </Dialog.Title>
          <Dialog.Description>
            <Plural
              value={waiting}
              one="# trial has not reached the server yet. It stays on this device and is sent after your next sign-in."
              few="# trials have not reached the server yet. They stay on this device and are sent after your next sign-in."
              other="# trials have not reached the server yet. They stay on this device and are sent after your next sign-in."
            />
          </Dialog.Description>
          <div className={styles.actions}>
            <Dialog.Close asChild>
              <Button variant="secondary">
                <Trans>Stay signed in</Trans>
              </Button>
            </Dialog.Close>
            <Button variant="danger" onClick={onLogOut}>
              <Trans>Log out</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
