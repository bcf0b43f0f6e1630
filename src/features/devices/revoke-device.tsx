import { Trans } from '@lingui/react/macro'
import type { DeviceRow } from '../../contract/device-admin.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { useRevokeDevice } from './device-queries.ts'

/**
 * Revokes a lost device's credentials, after a confirmation: its trials are not sent any more
 * until their authors sign in on it again, and nothing on it is deleted.
 */
export function RevokeDevice({ device }: { device: DeviceRow }) {
  const revoke = useRevokeDevice()
  const name = device.user.fullname
  return (
    <DangerButton
      label={<Trans>Revoke</Trans>}
      pending={revoke.isPending}
      title={<Trans>Revoke this device?</Trans>}
      description={
        <Trans>
          The tablet last used by {name} will no longer send trials or reports. Trials still on it
          stay there until their authors sign in on it again.
        </Trans>
      }
      confirmLabel={<Trans>Yes, revoke</Trans>}
      onConfirm={(done) => revoke.mutate(device.id, { onSuccess: done })}
    />
  )
}
