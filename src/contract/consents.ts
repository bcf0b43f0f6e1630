import * as v from 'valibot'
import { localeSchema, locales, type Locale } from './locale.ts'
import { messages } from './messages.ts'

/**
 * The consents of the guided trial's email step (docs/behaviour.md#consents): the privacy policy
 * and the analysis of the customer's data, named as the trial's answers name them.
 */
export const consentNames = ['privacyPolicy', 'analizeData'] as const
export type ConsentName = (typeof consentNames)[number]

/**
 * Who set the box as it was at Finish: the person (a click on it) or the app (it ticks both when
 * an email or phone passes OK, unless the build turns that off). A box ticked by the app is
 * recorded as such, never as the person's consent.
 */
export const consentSetters = ['person', 'app'] as const
export type ConsentSetter = (typeof consentSetters)[number]

/** A consent text's id: a hash of its three locales' texts (`consentTextId`). */
export const consentTextIdSchema = v.pipe(
  v.string(),
  v.regex(/^[0-9a-f]{16}$/, messages.invalid.id),
)

/** One consent as the device recorded it at Finish. */
export const consentRecordSchema = v.object({
  consent: v.picklist(consentNames),
  given: v.boolean(),
  ticked_by: v.picklist(consentSetters),
  text_id: consentTextIdSchema,
  /** The locale the text was shown in. */
  locale: localeSchema,
})
export type ConsentRecord = v.InferOutput<typeof consentRecordSchema>

/**
 * The trial body's optional `consents`: one record per consent, each consent at most once. Sent
 * with a guided trial that has an email or a phone; older apps' bodies have none, and their
 * consents are stored as `unknown`.
 */
export const trialConsentsField = v.optional(
  v.pipe(
    v.array(consentRecordSchema),
    v.maxLength(consentNames.length, messages.invalid.id),
    v.check(
      (records) => new Set(records.map((record) => record.consent)).size === records.length,
      messages.invalid.id,
    ),
  ),
)

/**
 * A stored trial's consent as recorded: `tickedBy` `unknown` (with no text id or locale) for a
 * trial sent by an app that did not record how its boxes were set.
 */
export const storedConsentSchema = v.object({
  consent: v.picklist(consentNames),
  given: v.boolean(),
  tickedBy: v.picklist([...consentSetters, 'unknown']),
  textId: v.nullable(v.string()),
  locale: v.nullable(localeSchema),
})
export type StoredConsent = v.InferOutput<typeof storedConsentSchema>

/**
 * The id of a consent text shown as `texts` in each locale (docs/behaviour.md#consents): 16 hex
 * digits of the SHA-256 of the three texts, so that the words a customer was shown can be told
 * years later. The wizard records it with each consent, from its content edition's texts.
 */
export async function consentTextId(texts: Readonly<Record<Locale, string>>): Promise<string> {
  const words = JSON.stringify(locales.map((locale) => [locale, texts[locale]]))
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(words))
  const hex = [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0'))
  return hex.join('').slice(0, 16)
}
