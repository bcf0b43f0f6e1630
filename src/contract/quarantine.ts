import * as v from 'valibot'
import { messages } from './messages.ts'
import { rejectionReasons } from './review.ts'

/**
 * The quarantine (docs/api.md#quarantine): a trial the server refused for good is handed over by
 * the tablet that holds it, as it is, so that it never lives only on a tablet. What the tablet
 * sends and reads back; the administration's side is `quarantine-requests.ts`.
 */

export const quarantineStates = ['waiting', 'accepted', 'rejected'] as const
export type QuarantineState = (typeof quarantineStates)[number]

/**
 * The refusals a retry cannot change, by code: the body's own faults (any `validation.` message, a
 * body that is not a trial, a seal that does not open), a store that is not there or not the
 * author's, a credential the author may not use, a key used for another body. Not among them: a
 * seal key the server does not know yet, an app too old or unknown (both change with an update),
 * and every answer a retry can change (401, 409, 429, 5xx).
 */
export const finalRefusalCodes = [
  ...Object.values(messages)
    .map((message) => message.id)
    .filter((id) => id.startsWith('validation.')),
  messages.invalidRequest.id,
  messages.trialSealBroken.id,
  messages.storeNotFound.id,
  messages.notAssignedToStore.id,
  messages.forbidden.id,
  messages.idempotencyKeyReused.id,
]

export type FinalRefusalCode = (typeof finalRefusalCodes)[number]

/** Whether the server's refusal of a trial, by its code, is final. */
export function isFinalRefusal(code: string): code is FinalRefusalCode {
  return finalRefusalCodes.some((id) => id === code)
}

const key = v.pipe(v.string(messages.required.id), v.uuid(messages.invalid.id))

/**
 * `POST /device/quarantine`: the trial's `Idempotency-Key`, its body exactly as queued (any JSON
 * object: it is stored, never validated) and the code of the final refusal.
 */
export const quarantineBodySchema = v.object({
  key,
  body: v.record(v.string(), v.unknown(), messages.invalid.id),
  code: v.picklist(finalRefusalCodes, messages.invalid.id),
})
export type QuarantineBody = v.InferOutput<typeof quarantineBodySchema>

/** What the server holds for a key: the item, its state and, once accepted, its trial. */
export const quarantineOutcomeSchema = v.object({
  key: v.string(),
  id: v.number(),
  state: v.picklist(quarantineStates),
  trialId: v.nullable(v.number()),
  reason: v.nullable(v.picklist(rejectionReasons)),
})
export type QuarantineOutcome = v.InferOutput<typeof quarantineOutcomeSchema>
export const quarantineOutcomeListSchema = v.array(quarantineOutcomeSchema)

// A trial's key, as the server's uuid column reads it (anything looser is a 500 there).
const uuid = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}'

/** `GET /device/quarantine?keys=`: up to 100 keys of one's own trials. */
export const quarantineOutcomesQuerySchema = v.object({
  keys: v.pipe(
    v.string(),
    v.regex(new RegExp(`^${uuid}(,${uuid}){0,99}$`), messages.invalid.id),
    v.transform((keys) => keys.toLowerCase().split(',')),
  ),
})
