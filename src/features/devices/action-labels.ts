import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { DeviceActionState } from '../../contract/device-actions.ts'
import type { DeviceActionKind } from '../../contract/devices.ts'
import type { FleetFigure } from '../../contract/device-admin.ts'

/** The remote actions as a tablet's row names them (docs/behaviour.md#remote-actions). */
export const deviceActionLabels: Record<DeviceActionKind, MessageDescriptor> = {
  update: msg`Update now`,
  refresh: msg`Send and refresh`,
  'sign-out': msg`Sign out`,
  wipe: msg`Wipe kept data`,
  message: msg`Message`,
}

export const deviceActionStateLabels: Record<DeviceActionState, MessageDescriptor> = {
  waiting: msg`Waiting`,
  done: msg`Done`,
  failed: msg`Failed`,
  expired: msg`Expired`,
  cancelled: msg`Cancelled`,
}

/** What the list behind each of the fleet's figures shows. */
export const fleetFigureLabels: Record<FleetFigure, MessageDescriptor> = {
  notLatest: msg`Tablets not on the latest version`,
  notCurrentEdition: msg`Tablets not on the content edition in use`,
  unsent: msg`Tablets holding unsent trials`,
  storage: msg`Tablets whose storage is not persistent or nearly full`,
  silent: msg`Tablets not heard from for more than a day`,
}
