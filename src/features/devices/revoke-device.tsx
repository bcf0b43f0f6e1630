import { Trans } from '@lingui/react/macro'
import type { DeviceRow } from '../../contract/device-admin.ts'
import { DangerButton } from '../../ui/admin/danger-button.tsx'
import { useRevokeDevice } from './device-queries.ts'

/**
 * "Forget this tablet": revokes a lost tablet's credentials, after a confirmation: its trials are not sent any more
 * until their authors sign in on it again, and nothing on it is deleted.
 */
export function RevokeDevice({ device }: { device: DeviceRow }) {
  const revoke = useRevokeDevice()
  const name = device.user.fullname
  return (
    <DangerButton
      label={<Trans>Forget this tablet</Trans>}
      pending={revoke.isPending}
      title={<Trans>Forget this tablet?</Trans>}
      description={
        <Trans>
          Its credentials stop working: the tablet last used by {name} will no longer send trials or
          reports. Trials still on it stay there until their authors sign in on it again.
        </Trans>
      }
      confirmLabel={<Trans>Yes, forget it</Trans>}
      onConfirm={(done) => revoke.mutate(device.id, { onSuccess: done })}
    />
  )
}
