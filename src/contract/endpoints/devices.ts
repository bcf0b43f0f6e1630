import { heartbeatAnswerSchema, heartbeatBodySchema } from '../devices.ts'
import { device } from '../policy.ts'
import { endpoint } from '../endpoint.ts'

// A tablet's heartbeat (docs/behaviour.md#devices), authenticated by its device credential; the
// administration's view of every tablet is `device-admin.ts`.

export const deviceHeartbeat = endpoint({
  method: 'POST',
  path: '/device/heartbeat',
  summary:
    "A device's report of the trials it holds, its app version and its storage (one row per device, written over by the next) and of the actions it acted on; answers the device's waiting actions.",
  policy: { allow: [device] },
  body: heartbeatBodySchema,
  answer: heartbeatAnswerSchema,
})
