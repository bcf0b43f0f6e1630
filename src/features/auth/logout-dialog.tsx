import { Plural, Trans } from '@lingui/react/macro'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'

/**
 * "Log out with unsent trials?": says they stay on the device and go once there is a connection
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
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) onStay()
      }}
      danger
      title={<Trans>Log out with unsent trials?</Trans>}
      description={
        <Plural
          value={waiting}
          one="# trial has not reached the server yet. It stays on this device and is sent as soon as there is a connection, whoever is signed in."
          few="# trials have not reached the server yet. They stay on this device and are sent as soon as there is a connection, whoever is signed in."
          other="# trials have not reached the server yet. They stay on this device and are sent as soon as there is a connection, whoever is signed in."
        />
      }
      cancelLabel={<Trans>Stay signed in</Trans>}
      confirmLabel={<Trans>Log out</Trans>}
      onConfirm={onLogOut}
    />
  )
}
