import {
  deviceActionBodySchema,
  deviceActionCancelBodySchema,
  deviceActionCancelledSchema,
  deviceActionIssuedSchema,
} from '../device-actions.ts'
import { deviceActionMessages } from '../device-action-messages.ts'
import {
  deviceListSchema,
  deviceRevokeBodySchema,
  deviceRevokedSchema,
  deviceSearchQuerySchema,
  deviceSummarySchema,
  fleetSchema,
} from '../device-admin.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'
import { administrationMessages } from '../administration-messages.ts'

// The administration's view of every tablet (docs/behaviour.md#devices): admin-only, apart from
// the heartbeat (`devices.ts`), which every tablet sends.

export const deviceSearch = endpoint({
  method: 'GET',
  path: '/device/search',
  summary:
    "The devices, 20 a page, those holding the oldest trials first, each with its last 5 actions; `attention=true`: only those that need someone; `figure=`: the tablets behind one of the fleet's figures.",
  policy: { allow: administration },
  query: deviceSearchQuerySchema,
  answer: deviceListSchema,
})

export const deviceSummary = endpoint({
  method: 'GET',
  path: '/device/summary',
  summary: 'How many trials are still on devices, on how many, and how many devices need someone.',
  policy: { allow: administration },
  answer: deviceSummarySchema,
})

export const deviceRevoke = endpoint({
  method: 'POST',
  path: '/device/revoke',
  summary:
    "Revokes a device's credentials (a lost tablet), at once; its trials wait for their authors' sign-in on it.",
  policy: { allow: administration },
  body: deviceRevokeBodySchema,
  answer: deviceRevokedSchema,
  errors: { 404: [administrationMessages.deviceNotFound] },
})

export const deviceFleet = endpoint({
  method: 'GET',
  path: '/device/fleet',
  summary:
    "The fleet's figures: tablets on the latest version, the oldest unsent trial (worst, 95th percentile), storage not persistent or nearly full, tablets silent for more than a day.",
  policy: { allow: administration },
  answer: fleetSchema,
})

export const deviceAction = endpoint({
  method: 'POST',
  path: '/device/action',
  summary:
    'Issues a remote action to a tablet (update, refresh, sign-out, wipe, message), delivered with the answer to its next heartbeat; audited as `device.action`.',
  policy: { allow: administration },
  body: deviceActionBodySchema,
  answer: deviceActionIssuedSchema,
  status: 201,
  idempotent: true,
  errors: {
    400: [deviceActionMessages.deviceActionUserNotOnDevice],
    404: [administrationMessages.deviceNotFound],
  },
})

export const deviceActionCancel = endpoint({
  method: 'POST',
  path: '/device/action/cancel',
  summary: 'Cancels a waiting action (else 409); audited as `device.actionCancel`.',
  policy: { allow: administration },
  body: deviceActionCancelBodySchema,
  answer: deviceActionCancelledSchema,
  idempotent: true,
  errors: {
    404: [deviceActionMessages.deviceActionNotFound],
    409: [deviceActionMessages.deviceActionNotWaiting],
  },
})
