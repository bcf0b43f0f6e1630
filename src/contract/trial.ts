import * as v from 'valibot'
import { calendarDay, daysInOrder, listOf, maxId, pageSchema } from './http.ts'
import { messages } from './messages.ts'
import { reviewSchema, reviewStates, revisionSchema, trialFlags } from './review.ts'
import { packSchema } from './catalogue.ts'
import { storedConsentSchema, trialConsentsField } from './consents.ts'
import { sealedContactSchema } from './trial-seal.ts'
import {
  ageRanges,
  consumptions,
  deviceImpressions,
  genders,
  habits,
  noPurchaseReasons,
  purchaseReasons,
  referralSources,
  shoppingAnswers,
  stickColors,
  stickImpressions,
} from './trial-options.ts'

/** The most characters of a comment in the trial (a stick's, the unsuccessful purchase's). */
export const commentMaxLength = 2000
/** The most characters of the simple trial's text. */
export const trialTextMaxLength = 5000

const comment = v.pipe(v.string(), v.trim(), v.maxLength(commentMaxLength, messages.tooLong.id))

function impressionsOf<P extends string, N extends string, U extends string>(options: {
  positive: readonly P[]
  negative: readonly N[]
  neutral: readonly U[]
}) {
  return v.object({
    positive: v.array(v.picklist(options.positive)),
    negative: v.array(v.picklist(options.negative)),
    neutral: v.array(v.picklist(options.neutral)),
  })
}

export const stickImpressionSchema = impressionsOf(stickImpressions)
export type StickImpression = v.InferOutput<typeof stickImpressionSchema>
export const deviceImpressionSchema = impressionsOf(deviceImpressions)

const stickImpression = v.optional(stickImpressionSchema)
const stickComment = v.optional(comment)

/** The chosen product: its id and its name at the time of the trial. */
export const chosenProductSchema = v.object({ id: v.number(), name: v.string() })

/** RMC habit value: a brand pack, or `{ other }` text (docs/behaviour.md#records). */
export const rmcHabitSchema = v.union([
  packSchema,
  v.object({ other: v.pipe(v.string(), v.trim(), v.nonEmpty()) }),
])

/**
 * The structured `comment` of a free guided trial, exactly as docs/behaviour.md#records lists it:
 * one impression entry (`tan`, `gold`, …) and one comment (`tanComment`, …) per chosen stick
 * colour.
 */
export const trialAnswersSchema = v.object({
  gender: v.picklist(genders, messages.required.id),
  ageRange: v.picklist(ageRanges, messages.required.id),
  /** The selected habits joined by a semicolon, e.g. `RMC;HTS`. */
  habits: v.pipe(
    v.string(),
    v.nonEmpty(messages.required.id),
    v.check(
      (value) => value.split(';').every((habit) => (habits as readonly string[]).includes(habit)),
      messages.invalid.id,
    ),
  ),
  habitsData: v.object({
    HTS: v.optional(v.nullable(packSchema)),
    RMC: v.optional(v.nullable(rmcHabitSchema)),
  }),
  consumption: v.picklist(consumptions, messages.required.id),
  referalSource: v.pipe(v.array(v.picklist(referralSources)), v.minLength(1, messages.required.id)),
  email: v.object({
    email: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254), v.email(messages.email.id))),
    /** With the locale's country prefix, e.g. `+38167123456`. */
    phone: v.optional(v.pipe(v.string(), v.regex(/^\+\d{8,15}$/, messages.invalid.id))),
    privacyPolicy: v.boolean(),
    analizeData: v.boolean(),
  }),
  /** The stick colours in the order the customer tried them. */
  consumptionOrder: v.array(v.picklist(stickColors)),
  /** In multiple mode: how many of each colour the customer tried. */
  consumptionCounts: v.optional(
    v.record(v.picklist(stickColors), v.pipe(v.number(), v.integer(), v.minValue(1))),
  ),
  device: v.nullable(
    v.object({ ...chosenProductSchema.entries, ...deviceImpressionSchema.entries }),
  ),
  tan: stickImpression,
  gold: stickImpression,
  silver: stickImpression,
  azure: stickImpression,
  purple: stickImpression,
  baize: stickImpression,
  burgundy: stickImpression,
  magenta: stickImpression,
  tanComment: stickComment,
  goldComment: stickComment,
  silverComment: stickComment,
  azureComment: stickComment,
  purpleComment: stickComment,
  baizeComment: stickComment,
  burgundyComment: stickComment,
  magentaComment: stickComment,
  shopping: v.picklist(shoppingAnswers, messages.required.id),
  shoppingSuccess: v.optional(
    v.object({
      reason: v.pipe(v.array(v.picklist(purchaseReasons)), v.minLength(1, messages.required.id)),
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
      reason: v.pipe(v.array(v.picklist(noPurchaseReasons)), v.minLength(1, messages.required.id)),
      comment: v.optional(comment),
    }),
  ),
})
export type TrialAnswers = v.InferOutput<typeof trialAnswersSchema>

/** The customer's contact fields of a guided trial: what a queued trial keeps sealed. */
export const trialContactSchema = v.object({
  email: trialAnswersSchema.entries.email.entries.email,
  phone: trialAnswersSchema.entries.email.entries.phone,
})
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
 * `phone` leave `comment.email` for `sealed_contact`, sealed to the server's key (decision 20).
 */
export const trialContractVersion = 3
/**
 * The newest version the server reads: 4 names its content edition (`content_edition`,
 * docs/api.md#content-editions). This build's wizard still writes 3 (edition 1).
 */
export const readableTrialContractVersion = 4

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
