import * as v from 'valibot'
import { calendarDay, daysInOrder, listOf, maxId, pageSchema } from './http.ts'
import { messages } from './messages.ts'
import { reviewSchema, reviewStates, revisionSchema, trialFlags } from './review.ts'
import { packSchema } from './catalogue.ts'
import { storedConsentSchema, trialConsentsField } from './consents.ts'
import { sealedContactSchema } from './trial-seal.ts'
import { shoppingAnswers } from './trial-options.ts'

/** The most characters of a comment in the trial (a stick's, the unsuccessful purchase's). */
export const commentMaxLength = 2000
/** The most characters of the simple trial's text. */
export const trialTextMaxLength = 5000

const comment = v.pipe(v.string(), v.trim(), v.maxLength(commentMaxLength, messages.tooLong.id))

/**
 * An answer as stored: a key of the trial's content edition (docs/api.md#content-editions). The
 * server checks it against that edition; here only its form.
 */
const answerKey = v.pipe(
  v.string(messages.required.id),
  v.minLength(1, messages.required.id),
  v.maxLength(40, messages.invalid.id),
)

/** The impressions of a stick or of the device, each group a list of its edition's keys. */
const impressionSchema = v.object({
  positive: v.array(answerKey),
  negative: v.array(answerKey),
  neutral: v.array(answerKey),
})
export const stickImpressionSchema = impressionSchema
export type StickImpression = v.InferOutput<typeof stickImpressionSchema>
export const deviceImpressionSchema = impressionSchema

const stickImpression = v.optional(stickImpressionSchema)
const stickComment = v.optional(comment)

/** The chosen product: its id and its name at the time of the trial. */
export const chosenProductSchema = v.object({ id: v.number(), name: v.string() })

/** RMC habit value: a brand pack, or `{ other }` text (docs/behaviour.md#records). */
export const rmcHabitSchema = v.union([
  packSchema,
  v.object({ other: v.pipe(v.string(), v.trim(), v.nonEmpty()) }),
])

/** The answers' fields but the stick colours' (`tan`, `tanComment`, …). */
const answerEntries = {
  gender: answerKey,
  ageRange: answerKey,
  /** The selected habits joined by a semicolon, e.g. `RMC;HTS`. */
  habits: v.pipe(
    v.string(),
    v.nonEmpty(messages.required.id),
    v.check(
      (value) => value.split(';').every((habit) => v.is(answerKey, habit)),
      messages.invalid.id,
    ),
  ),
  habitsData: v.object({
    HTS: v.optional(v.nullable(packSchema)),
    RMC: v.optional(v.nullable(rmcHabitSchema)),
  }),
  consumption: answerKey,
  referalSource: v.pipe(v.array(answerKey), v.minLength(1, messages.required.id)),
  email: v.object({
    email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email(messages.email.id))),
    /** With the locale's country prefix, e.g. `+38167123456`. */
    phone: v.optional(v.pipe(v.string(), v.regex(/^\+\d{8,15}$/, messages.invalid.id))),
    privacyPolicy: v.boolean(),
    analizeData: v.boolean(),
  }),
  /** The stick colours in the order the customer tried them. */
  consumptionOrder: v.array(answerKey),
  /** In multiple mode: how many of each colour the customer tried. */
  consumptionCounts: v.optional(
    v.record(answerKey, v.pipe(v.number(), v.integer(), v.minValue(1))),
  ),
  device: v.nullable(
    v.object({ ...chosenProductSchema.entries, ...deviceImpressionSchema.entries }),
  ),
  shopping: v.picklist(shoppingAnswers, messages.required.id),
  shoppingSuccess: v.optional(
    v.object({
      reason: v.pipe(v.array(answerKey), v.minLength(1, messages.required.id)),
      device: v.nullable(chosenProductSchema),
      sticks: v.array(
        v.object({
          ...chosenProductSchema.entries,
          quantity: v.pipe(v.number(), v.integer(), v.minValue(1)),
        }),
      ),
    }),
  ),
  shoppingUnsuccess: v.optional(
    v.object({
      reason: v.pipe(v.array(answerKey), v.minLength(1, messages.required.id)),
      comment: v.optional(comment),
    }),
  ),
}

/** A tried colour's entry: `<colour>` its impressions, `<colour>Comment` its comment. */
const stickEntryKey = /^(?<colour>[a-z0-9][a-z0-9-]{0,39}?)(?<comment>Comment)?$/

/**
 * Whether a stick colour's key can name its entries among the answers: not one of the answers'
 * own fields, nor a name JavaScript objects keep for themselves (valibot leaves those out).
 */
export function namesStickEntries(colour: string): boolean {
  return (
    !Object.hasOwn(answerEntries, colour) &&
    !['constructor', 'prototype', '__proto__'].includes(colour)
  )
}

/** Whether `key` and `value` are a tried colour's impression or comment. */
function isStickEntry(key: string, value: unknown): boolean {
  const match = stickEntryKey.exec(key)
  if (!match || Object.hasOwn(answerEntries, key)) return false
  return match.groups?.comment ? v.is(stickComment, value) : v.is(stickImpression, value)
}

/**
 * The structured `comment` of a free guided trial, exactly as docs/behaviour.md#records lists it:
 * one impression entry (`tan`, `gold`, …) and one comment (`tanComment`, …) per chosen stick
 * colour, named by the colour's key in the trial's edition, so a colour a later edition adds has
 * its entries too. Any other field is refused, never dropped.
 */
export const trialAnswersSchema = v.pipe(
  v.looseObject(answerEntries),
  v.check(
    (answers) =>
      Object.entries(answers).every(
        ([key, value]) => Object.hasOwn(answerEntries, key) || isStickEntry(key, value),
      ),
    messages.invalid.id,
  ),
)
export type TrialAnswers = v.InferOutput<typeof trialAnswersSchema>

/** The customer's contact fields of a guided trial: what a queued trial keeps sealed. */
export const trialContactSchema = v.object({
  email: answerEntries.email.entries.email,
  phone: answerEntries.email.entries.phone,
})

/** The colours the answers hold an impression or a comment of (`tan` for `tan` and `tanComment`). */
export function stickEntryColours(answers: TrialAnswers): string[] {
  const colours = Object.keys(answers).flatMap((key) =>
    Object.hasOwn(answerEntries, key) ? [] : [stickEntryKey.exec(key)?.groups?.colour ?? key],
  )
  return [...new Set(colours)]
}

/** A tried colour's impressions and comment in a trial's answers, whatever edition named it. */
export function stickAnswer(
  answers: TrialAnswers,
  colour: string,
): { impression: StickImpression | undefined; comment: string | undefined } {
  const impression = answers[colour]
  const comment = answers[`${colour}Comment`]
  return {
    impression: v.is(stickImpressionSchema, impression) ? impression : undefined,
    comment: typeof comment === 'string' ? comment : undefined,
  }
}
export type TrialContact = v.InferOutput<typeof trialContactSchema>

/**
 * The simple screen's free-text trial (docs/behaviour.md#the-simple-trial): required, at most 5000
 * characters.
 */
export const trialTextSchema = v.pipe(
  v.string(),
  v.trim(),
  v.nonEmpty(messages.required.id),
  v.maxLength(trialTextMaxLength, messages.tooLong.id),
)

/**
 * The version of the trial's shape: one more whenever the body changes shape. The server accepts
 * (and upcasts) every version ever shipped, so that a trial frozen on a device is never rewritten
 * there. 1: `store_id` and `comment`; 2: the frozen trial's times (`finished_at`,
 * `clock_offset_ms`, `clock_offset_at`) and `contract_version`; 3: a guided trial's `email` and
 * `phone` leave `comment.email` for `sealed_contact`, sealed to the server's key (decision 20);
 * 4: it names its content edition (`content_edition`, docs/api.md#content-editions). A trial that
 * names none (the simple trial's text, a draft begun before editions) is still written as 3:
 * edition 1.
 */
export const trialContractVersion = 4
export const trialContractVersionWithoutEdition = 3
/** The newest version the server reads. */
export const readableTrialContractVersion = trialContractVersion

/** An ISO 8601 time a device wrote. */
const deviceTime = v.pipe(v.string(), v.maxLength(40), v.isoTimestamp(messages.invalid.id))

/**
 * The frozen trial's times and version (docs/behaviour.md#capture-time), made once at the first
 * Finish; each absent from older apps' trials.
 */
export const frozenTrialEntries = {
  /** The device's clock when the trial was finished. */
  finished_at: v.optional(deviceTime),
  /** The server's clock minus the device's (ms), as the device last learned it. */
  clock_offset_ms: v.optional(v.pipe(v.number(), v.integer(), v.minValue(-1e12), v.maxValue(1e12))),
  /** The device's clock when it learned `clock_offset_ms`. */
  clock_offset_at: v.optional(deviceTime),
  /** The version of the trial's shape it was frozen in; absent: 1. */
  contract_version: v.optional(
    v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(readableTrialContractVersion)),
  ),
  /** From version 4, the content edition whose answers it holds; before it, edition 1. */
  content_edition: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(maxId))),
  /**
   * From version 3, a guided trial's `email` and `phone` (`trialContactSchema`) sealed to the
   * server's key for the trial's Idempotency-Key: the server opens it before it validates the
   * rest, and stores them back in `comment.email`.
   */
  sealed_contact: v.optional(sealedContactSchema),
}

/**
 * `POST /free-guided/form`: `store_id` (a manager's own store, otherwise the chosen one) and the
 * answers; the simple screen sends its required free text as `comment` instead. The server files a
 * manager's trial at their expert store whatever `store_id` says (none: 400 `store.notAssigned`);
 * another role's `store_id` must be a store that is not archived (else 404 `store.notFound`).
 */
export const trialBodySchema = v.object({
  store_id: v.pipe(
    v.number(messages.required.id),
    v.integer(),
    v.minValue(1, messages.required.id),
    v.maxValue(maxId, messages.storeNotFound.id),
  ),
  // Chosen by the JSON type (not a union), so that a rejected answer names its own field, such
  // as `comment.gender`, rather than `comment` as a whole.
  comment: v.lazy((input) => (typeof input === 'string' ? trialTextSchema : trialAnswersSchema)),
  ...frozenTrialEntries,
  // --- Consents (src/contract/consents.ts): how the email step's boxes were set, and in which
  // words; absent from older apps' trials, whose consents are stored as unknown.
  consents: trialConsentsField,
  // --- end of consents
})
export type TrialBody = v.InferOutput<typeof trialBodySchema>

/** `POST /free-guided/form` answers 201 `{ data: { id }, message }` (the stored trial's id). */
export const trialCreatedSchema = v.object({ id: v.number() })
export type TrialCreated = v.InferOutput<typeof trialCreatedSchema>

/**
 * When a stored trial happened and arrived (docs/behaviour.md#capture-time): `capturedAt` is what
 * everything that counts by time counts by; the marks say how far to trust it.
 */
export const trialTimesEntries = {
  capturedAt: v.string(),
  receivedAt: v.string(),
  /** The build that sent it (`App-Version`); null for trials of older apps. */
  appVersion: v.nullable(v.string()),
  /** Corrected by the sending request's clock, not by the offset known at Finish. */
  captureUncertain: v.boolean(),
  /** The tablet's clock was more than 5 minutes off. */
  clockSkewed: v.boolean(),
  /** The device's time was not believable (future, or over 60 days back): stored as received. */
  captureImplausible: v.boolean(),
  /** Another trial of the same store and customer captured within 10 minutes of this one. */
  possibleDuplicateOf: v.nullable(v.number()),
}

/** A stored trial as `GET /questionnaire/{id}` and the search rows show it. */
export const trialSchema = v.object({
  id: v.number(),
  /** When it reached the server (as `receivedAt`; kept for older clients). */
  createdAt: v.string(),
  ...trialTimesEntries,
  store: v.object({ id: v.number(), name: v.string() }),
  user: v.object({ id: v.number(), fullname: v.string() }),
  comment: v.union([trialAnswersSchema, v.string()]),
  /**
   * When its contact and free texts were removed, by an erasure or by retention
   * (docs/api.md#customers-rights); null while it holds them.
   */
  anonymisedAt: v.nullable(v.string()),
  /**
   * At a store other than its author's own store, for an author who has one (the review's
   * `store` flag, docs/api.md#review).
   */
  otherStore: v.boolean(),
  /** Its latest revision: 1 as received; each decision and correction adds one. */
  revision: v.number(),
  review: reviewSchema,
})
export type Trial = v.InferOutput<typeof trialSchema>

// --- Consents: `GET /questionnaire/{id}` answers the trial with its consents as recorded.
/** One trial with its consents as they were recorded (an empty list: none apply). */
export const trialDetailSchema = v.object({
  ...trialSchema.entries,
  /** The content edition whose answers it holds (docs/api.md#content-editions); 1 before them. */
  contentEdition: v.number(),
  consents: v.array(storedConsentSchema),
  /** Every revision, oldest first (docs/api.md#review). */
  revisions: v.array(revisionSchema),
  /** The trial as received, once a correction changed it; null while it is as received. */
  original: v.nullable(
    v.object({ storeId: v.number(), comment: v.union([trialAnswersSchema, v.string()]) }),
  ),
})
export type TrialDetail = v.InferOutput<typeof trialDetailSchema>
// --- end of consents
export const trialListSchema = listOf(trialSchema)

const day = calendarDay()

/**
 * `GET /questionnaire/search?page=&user=&startAt=&endAt=`: newest first, 20 a page. `startAt` and
 * `endAt` are days in the stores' time zone, both included. Super users and admins see every
 * trial (`user` picks one author); managers and agents see their own only.
 */
export const trialSearchQuerySchema = v.pipe(
  v.object({
    page: pageSchema,
    user: v.optional(
      v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(maxId)),
    ),
    startAt: v.optional(day),
    endAt: v.optional(day),
    store: v.optional(
      v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1), v.maxValue(maxId)),
    ),
    review: v.optional(v.picklist(reviewStates)),
    flag: v.optional(v.picklist(trialFlags)),
  }),
  daysInOrder(),
)
export type TrialSearchQuery = v.InferOutput<typeof trialSearchQuerySchema>
