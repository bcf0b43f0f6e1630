import {
  deviceListSchema,
  deviceRevokeBodySchema,
  deviceRevokedSchema,
  deviceSearchQuerySchema,
  deviceSummarySchema,
} from '../device-admin.ts'
import { messages } from '../messages.ts'
import { administration } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// The administration's view of every tablet (docs/behaviour.md#devices): admin-only, apart from
// the heartbeat (`devices.ts`), which every tablet sends.

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
