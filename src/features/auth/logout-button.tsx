import { useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import { Plural, Trans } from '@lingui/react/macro'
import { useOutboxCount } from '../../offline/use-outbox.ts'
import { Button } from '../../ui/button.tsx'
import styles from './logout-button.module.css'

/**
 * Logs out (the sign-in page does the rest). With unsent trials of one's own it asks first, and
 * says they stay on the device for the next sign-in (design section 5).
 */
export function LogoutButton({ userId, className }: { userId: number; className?: string }) {
  const navigate = useNavigate()
  const waiting = useOutboxCount(userId)
  const [asking, setAsking] = useState(false)
  const logOut = () => void navigate({ to: '/login' })

  return (
    <Dialog.Root open={asking} onOpenChange={setAsking}>
      <button
        type="button"
        className={className}
        onClick={() => (waiting > 0 ? setAsking(true) : logOut())}
      >
        <Trans>Log out</Trans>
      </button>
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
            <Button variant="danger" onClick={logOut}>
              <Trans>Log out</Trans>
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
