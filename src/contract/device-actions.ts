import * as v from 'valibot'
import type { DeviceActionKind } from './devices.ts'
import { maxId } from './http.ts'
import { messages } from './messages.ts'

/**
 * The remote actions on tablets (docs/behaviour.md#remote-actions), as the administration issues,
 * cancels and lists them: admin-only. What a tablet is delivered and acknowledges is in
 * `devices.ts`, which every tablet loads.
 */

/**
 * The kinds of `devices.ts`, written again: imported, that module (the tablet's) would become a
 * dependency of the administration's chunk, and the bundler then regroups the chunks a brand
 * expert's home loads. The types hold the two lists equal.
 */
const deviceActionKinds = [
  'update',
  'refresh',
  'sign-out',
  'wipe',
  'message',
] as const satisfies readonly DeviceActionKind[]
type Holds<T extends true> = T
/** A compile-time check: a kind added to one list and not the other fails the typecheck. */
export type SameKinds = Holds<
  [DeviceActionKind] extends [(typeof deviceActionKinds)[number]] ? true : false
>

/** An action's state: waiting for the tablet, then what came of it. */
export const deviceActionStates = ['waiting', 'done', 'failed', 'expired', 'cancelled'] as const
export type DeviceActionState = (typeof deviceActionStates)[number]

/** How long an action waits for its tablet before it expires, in days; a wipe never expires. */
export const deviceActionExpiryDays = 30

/** How many of a tablet's actions its row on `/devices` shows, the newest first. */
export const deviceActionsShown = 5

/** A message's longest text. */
export const deviceMessageMaxLength = 500

const id = v.pipe(
  v.number(messages.required.id),
  v.integer(messages.invalid.id),
  v.minValue(1, messages.invalid.id),
  v.maxValue(maxId, messages.invalid.id),
)
const deviceId = v.pipe(v.string(messages.required.id), v.uuid(messages.invalid.id))

/**
 * `POST /device/action`: `userId` for `sign-out` and only there, `text` for `message`, `lost` only
 * for `wipe` (act at once even inside a wizard).
 */
export const deviceActionBodySchema = v.variant(
  'action',
  [
    v.strictObject({ deviceId, action: v.picklist(['update', 'refresh']) }, messages.invalid.id),
    v.strictObject({ deviceId, action: v.literal('sign-out'), userId: id }, messages.invalid.id),
    v.strictObject(
      { deviceId, action: v.literal('wipe'), lost: v.optional(v.boolean(messages.invalid.id)) },
      messages.invalid.id,
    ),
    v.strictObject(
      {
        deviceId,
        action: v.literal('message'),
        text: v.pipe(
          v.string(messages.required.id),
          v.trim(),
          v.minLength(1, messages.required.id),
          v.maxLength(deviceMessageMaxLength, messages.tooLong.id),
        ),
      },
      messages.invalid.id,
    ),
  ],
  messages.invalid.id,
)
export type DeviceActionBody = v.InferOutput<typeof deviceActionBodySchema>

export const deviceActionIssuedSchema = v.object({
  id: v.number(),
  state: v.literal('waiting'),
})

/** `POST /device/action/cancel { id }`: only while it waits (else 409). */
export const deviceActionCancelBodySchema = v.object({ id })
export const deviceActionCancelledSchema = v.object({
  id: v.number(),
  state: v.literal('cancelled'),
})

/** One action as a device's row on `/devices` lists it. */
export const deviceActionRowSchema = v.object({
  id: v.number(),
  action: v.picklist(deviceActionKinds),
  /** The person a `sign-out` is for. */
  user: v.nullable(v.object({ id: v.number(), fullname: v.string() })),
  text: v.nullable(v.string()),
  lost: v.boolean(),
  state: v.picklist(deviceActionStates),
  issuedAt: v.string(),
  issuedBy: v.object({ id: v.number(), fullname: v.string() }),
  /** When the tablet was first given it. */
  deliveredAt: v.nullable(v.string()),
  /** When it was done or failed (the tablet's time), cancelled, or expired. */
  endedAt: v.nullable(v.string()),
  /** Why it failed, in the tablet's words. */
  detail: v.nullable(v.string()),
})
export type DeviceActionRow = v.InferOutput<typeof deviceActionRowSchema>
