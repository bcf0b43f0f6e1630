import { Trans, useLingui } from '@lingui/react/macro'
import type { DeviceActionRow } from '../../contract/device-actions.ts'
import type { DeviceRow } from '../../contract/device-admin.ts'
import { Button } from '../../ui/button.tsx'
import { useFormat } from '../../ui/use-format.ts'
import { deviceActionLabels, deviceActionStateLabels } from './action-labels.ts'
import { useCancelAction } from './device-queries.ts'
import { cancellable, momentOf } from './fleet-view.ts'

/** A tablet's last actions with their states, the newest first; a waiting one can be cancelled. */
export function LastActions({ device }: { device: DeviceRow }) {
  if (device.actions.length === 0) return <Trans>None</Trans>
  return (
    <ul>
      {device.actions.map((action) => (
        <li key={action.id}>
          <ActionLine action={action} />
        </li>
      ))}
    </ul>
  )
}

function ActionLine({ action }: { action: DeviceActionRow }) {
  const { t } = useLingui()
  const format = useFormat()
  const kind = t(deviceActionLabels[action.action])
  const state = t(deviceActionStateLabels[action.state])
  const moment = momentOf(action)
  const when = moment ? format.dateTime(moment.at) : ''
  const who = action.user?.fullname
  return (
    <>
      {who === undefined ? (
        kind
      ) : (
        <Trans>
          {kind}: {who}
        </Trans>
      )}
      {action.lost && (
        <>
          {' '}
          <Trans>(lost)</Trans>
        </>
      )}
      {' — '}
      <strong>{state}</strong>
      {moment && (
        <>
          {' '}
          <small>{moment.kind === 'delivered' ? <Trans>received {when}</Trans> : when}</small>
        </>
      )}
      {action.text !== null && (
        <>
          <br />
          <small>“{action.text}”</small>
        </>
      )}
      {action.detail !== null && (
        <>
          <br />
          <small>{action.detail}</small>
        </>
      )}
      {cancellable(action) && <CancelAction action={action} kind={kind} />}
    </>
  )
}

function CancelAction({ action, kind }: { action: DeviceActionRow; kind: string }) {
  const { t } = useLingui()
  const cancel = useCancelAction()
  return (
    <>
      {' '}
      <Button
        variant="ghost"
        aria-label={t`Cancel ${kind}`}
        loading={cancel.isPending}
        onClick={() => cancel.mutate(action.id)}
      >
        <Trans>Cancel</Trans>
      </Button>
    </>
  )
}
