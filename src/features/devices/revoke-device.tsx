import { useState } from 'react'
import { Trans } from '@lingui/react/macro'
import type { DeviceRow } from '../../contract/device-admin.ts'
import { Button } from '../../ui/button.tsx'
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx'
import { useRevokeDevice } from './device-queries.ts'

/**
 * Revokes a lost device's credentials, after a confirmation: its trials are not sent any more
 * until their authors sign in on it again, and nothing on it is deleted.
 */
export function RevokeDevice({ device }: { device: DeviceRow }) {
  const [open, setOpen] = useState(false)
  const revoke = useRevokeDevice()
  const name = device.user.fullname
  return (
    <ConfirmDialog
      open={open}
      onOpenChange={setOpen}
      danger
      pending={revoke.isPending}
      trigger={
        <Button variant="danger">
          <Trans>Revoke</Trans>
        </Button>
      }
      title={<Trans>Revoke this device?</Trans>}
      description={
        <Trans>
          The tablet last used by {name} will no longer send trials or reports. Trials still on it
          stay there until their authors sign in on it again.
        </Trans>
      }
      cancelLabel={<Trans>Cancel</Trans>}
      confirmLabel={<Trans>Yes, revoke</Trans>}
      onConfirm={() => revoke.mutate(device.id, { onSuccess: () => setOpen(false) })}
    />
  )
}
