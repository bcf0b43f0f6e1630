import * as v from 'valibot'
import { maxId } from './http.ts'
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
const instant = v.pipe(v.string(messages.invalid.id), v.isoTimestamp(messages.invalid.id))
const moment = v.nullable(instant)

/**
 * What an admin may ask a tablet to do (docs/behaviour.md#remote-actions): the tablet gets it with
 * its next heartbeat's answer and acknowledges it in a later heartbeat (`done`).
 */
export const deviceActionKinds = ['update', 'refresh', 'sign-out', 'wipe', 'message'] as const
export type DeviceActionKind = (typeof deviceActionKinds)[number]

/** What the tablet says it came to: `failed` with a few words of why, in `detail`. */
export const actionResults = ['done', 'failed'] as const

/** A tablet's acknowledgement of an action it was given, in its heartbeat's `done`. */
const actionDoneSchema = v.strictObject(
  {
    id: v.pipe(
      v.number(messages.invalid.id),
      v.integer(messages.invalid.id),
      v.minValue(1, messages.invalid.id),
      v.maxValue(maxId, messages.invalid.id),
    ),
    at: instant,
    result: v.picklist(actionResults, messages.invalid.id),
    detail: v.optional(
      v.pipe(v.string(messages.invalid.id), v.maxLength(500, messages.invalid.id)),
    ),
  },
  messages.invalid.id,
)
export type ActionDone = v.InferOutput<typeof actionDoneSchema>

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
    /**
     * The id of the content edition the tablet uses (null before it fetched one), shown on its
     * row on /devices and counted by the fleet's figures; builds before editions send none.
     */
    contentEdition: v.optional(v.nullable(count)),
    /** The actions acted on since the last heartbeat that carried them; builds before send none. */
    done: v.optional(v.pipe(v.array(actionDoneSchema), v.maxLength(50, messages.invalid.id))),
  },
  messages.invalid.id,
)
export type Heartbeat = v.InferOutput<typeof heartbeatBodySchema>

/**
 * The heartbeat's answer: `actions`, the tablet's waiting actions until it acknowledges them, each
 * a `DeliveredAction` (`delivered-actions.ts`). Their schema is not here: every tablet loads this
 * module at once, and the module that acts on them loads only when an answer carries some, with
 * the schema that checks them. `contentEdition`: the id of the edition in use (null when none is
 * published), which a tablet holding another fetches; builds before it ignore the field.
 */
export const heartbeatAnswerSchema = v.object({
  status: v.literal('ok'),
  actions: v.array(v.unknown()),
  contentEdition: v.nullable(v.number()),
})
