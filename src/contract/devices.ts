import * as v from 'valibot'
import { messages } from './messages.ts'

/**
 * The app's devices (docs/behaviour.md#devices): a tablet's random id, the credential it gets at
 * sign-in and its heartbeat (the administration's list of devices: `device-admin.ts`).
 */

/** How long a device credential works after sign-in, in days. */
export const deviceCredentialDays = 60

const count = v.pipe(
  v.number(messages.invalid.id),
  v.integer(messages.invalid.id),
  v.minValue(0, messages.invalid.id),
  v.maxValue(1_000_000, messages.invalid.id),
)
const bytes = v.nullable(
  v.pipe(
    v.number(messages.invalid.id),
    v.integer(messages.invalid.id),
    v.minValue(0, messages.invalid.id),
    v.maxValue(Number.MAX_SAFE_INTEGER, messages.invalid.id),
  ),
)
const moment = v.nullable(
  v.pipe(v.string(messages.invalid.id), v.isoTimestamp(messages.invalid.id)),
)

/**
 * `POST /device/heartbeat`: what the device holds and how it is, every few minutes. Strict: a
 * field the contract does not know is refused, so that a device's report never quietly loses one.
 */
export const heartbeatBodySchema = v.strictObject(
  {
    /** The PWA's `semver+commit`. */
    appVersion: v.pipe(
      v.string(messages.invalid.id),
      v.regex(/^\d+\.\d+\.\d+[-+.\w]*$/, messages.invalid.id),
      v.maxLength(100, messages.invalid.id),
    ),
    waiting: count,
    needsLogin: count,
    failed: count,
    /** The oldest waiting trial's capture time (its `finished_at`, else when it was queued). */
    oldestWaitingAt: moment,
    /** When a trial last reached the server from this device. */
    lastSentAt: moment,
    storage: v.strictObject(
      {
        usage: bytes,
        quota: bytes,
        persisted: v.nullable(v.boolean(messages.invalid.id)),
      },
      messages.invalid.id,
    ),
    images: v.pipe(
      v.strictObject({ cached: count, total: count }, messages.invalid.id),
      v.forward(
        v.check(({ cached, total }) => cached <= total, messages.invalid.id),
        ['cached'],
      ),
    ),
  },
  messages.invalid.id,
)
export type Heartbeat = v.InferOutput<typeof heartbeatBodySchema>
