import {
  deviceListSchema,
  deviceRevokeBodySchema,
  deviceRevokedSchema,
  deviceSearchQuerySchema,
  deviceSummarySchema,
  heartbeatBodySchema,
} from '../devices.ts'
import { messages } from '../messages.ts'
import { administration, device } from '../policy.ts'
import { statusSchema } from '../http.ts'
import { endpoint } from '../endpoint.ts'

// The app's devices (docs/behaviour.md#devices): a tablet's heartbeat, authenticated by its device
// credential, and the administration's view of every tablet.

export const deviceHeartbeat = endpoint({
  method: 'POST',
  path: '/device/heartbeat',
  summary:
    "A device's report of the trials it holds, its app version and its storage; one row per device, written over by the next.",
  policy: { allow: [device] },
  body: heartbeatBodySchema,
  answer: statusSchema,
})

export const deviceSearch = endpoint({
  method: 'GET',
  path: '/device/search',
  summary:
    'The devices, 20 a page, those holding the oldest trials first; `attention=true`: only those that need someone.',
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
  errors: { 404: [messages.deviceNotFound] },
})
