import * as v from 'valibot'
import { deviceIdSchema, maxId, pageSchema, listOf } from './http.ts'
import { messages } from './messages.ts'
import { quarantineStates } from './quarantine.ts'
import { correctionReasons, rejectionReasons } from './review.ts'

/**
 * The administration's side of the quarantine (docs/api.md#quarantine): the list, one item, and
 * the decision on it. Only the administration's screens send these.
 */

const id = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))
const comment = v.optional(v.pipe(v.string(), v.trim(), v.maxLength(2000, messages.tooLong.id)), '')
const person = v.object({ id: v.number(), fullname: v.string() })

/**
 * `GET /questionnaire/quarantine?page=&state=&user=&device=`: newest first, 20 a page; `device`
 * the tablet that handed the items over (the Devices screen's refused trials link here).
 */
export const quarantineSearchQuerySchema = v.object({
  page: pageSchema,
  state: v.optional(v.picklist(quarantineStates)),
  user: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(maxId))),
  device: v.optional(deviceIdSchema),
})
export type QuarantineSearchQuery = v.InferOutput<typeof quarantineSearchQuerySchema>

/**
 * A quarantined trial: who sent it from which tablet, why it was refused (`code`), the store its
 * body names (null when it names none that exists), and the decision on it.
 */
export const quarantinedSchema = v.object({
  id: v.number(),
  key: v.string(),
  user: person,
  deviceId: v.string(),
  code: v.string(),
  receivedAt: v.string(),
  store: v.nullable(v.object({ id: v.number(), name: v.string() })),
  state: v.picklist(quarantineStates),
  trialId: v.nullable(v.number()),
  decidedBy: v.nullable(person),
  decidedAt: v.nullable(v.string()),
  reason: v.nullable(v.string()),
  comment: v.nullable(v.string()),
  anonymisedAt: v.nullable(v.string()),
})
export type Quarantined = v.InferOutput<typeof quarantinedSchema>
export const quarantinedListSchema = listOf(quarantinedSchema)

/**
 * `GET /questionnaire/quarantine/{id}`: the item, its body exactly as received (`body`, a contact
 * still sealed) and the same with its contact opened (`opened`; null when the seal does not open),
 * which is what a correction patches.
 */
export const quarantinedDetailSchema = v.object({
  ...quarantinedSchema.entries,
  body: v.unknown(),
  opened: v.unknown(),
})
export type QuarantinedDetail = v.InferOutput<typeof quarantinedDetailSchema>

/**
 * `POST /questionnaire/accept`: `changes` is a JSON merge patch on the opened body (`{}`: as it
 * is); the result must be a trial the server takes. `reason` says why it was changed, `comment`
 * required for `other`.
 */
export const quarantineAcceptBodySchema = v.pipe(
  v.object({
    id,
    changes: v.record(v.string(), v.unknown()),
    reason: v.picklist(correctionReasons, messages.required.id),
    comment,
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.comment !== '', messages.required.id),
    ['comment'],
  ),
)
export type QuarantineAcceptBody = v.InferOutput<typeof quarantineAcceptBodySchema>

/** `POST /questionnaire/reject`: a quarantined trial set aside for good, with the reason. */
export const quarantineRejectBodySchema = v.pipe(
  v.object({
    id,
    reason: v.picklist(rejectionReasons, messages.required.id),
    comment,
  }),
  v.forward(
    v.check((input) => input.reason !== 'other' || input.comment !== '', messages.required.id),
    ['comment'],
  ),
)
export type QuarantineRejectBody = v.InferOutput<typeof quarantineRejectBodySchema>

/** What a decision answers: the item, its state and the trial it made. */
export const quarantineDecisionSchema = v.object({
  id: v.number(),
  state: v.picklist(quarantineStates),
  trialId: v.nullable(v.number()),
})
