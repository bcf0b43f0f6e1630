import { eq } from 'drizzle-orm'
import { consentNames, type StoredConsent } from '#contract/consents.ts'
import { parseLocale } from '#contract/locale.ts'
import type { TrialBody } from '#contract/trial.ts'
import type { Database } from '../../db/database.ts'
import { trialConsents } from '../../db/schema/trials.ts'

/** One `trial_consents` row as the trials statement inserts it. */
type ConsentRow = {
  consent: string
  given: boolean
  ticked_by: 'person' | 'app' | 'unknown'
  text_id: string | null
  locale: string | null
}

/**
 * The consents to store with a trial (docs/behaviour.md#consents): the ones its body recorded,
 * as recorded; for a body without them (an older app's), a guided trial with an email or a phone
 * has each consent stored as given or not by its answers, set by `unknown`, with no text or
 * locale. Nothing else has consents to store.
 */
export function consentRowsOf(
  comment: TrialBody['comment'],
  consents: TrialBody['consents'],
): ConsentRow[] {
  if (consents) {
    return consents.map((record) => ({
      consent: record.consent,
      given: record.given,
      ticked_by: record.ticked_by,
      text_id: record.text_id,
      locale: record.locale,
    }))
  }
  if (typeof comment === 'string') return []
  const { email } = comment
  if (email.email === undefined && email.phone === undefined) return []
  return consentNames.map((consent) => ({
    consent,
    given: email[consent],
    ticked_by: 'unknown',
    text_id: null,
    locale: null,
  }))
}

/** A trial's consents as recorded, in the order the email step shows them. */
export async function consentsOfTrial(db: Database, trialId: number): Promise<StoredConsent[]> {
  const rows = await db.select().from(trialConsents).where(eq(trialConsents.trialId, trialId))
  return consentNames.flatMap((consent) =>
    rows
      .filter((row) => row.consent === consent)
      .map((row) => ({
        consent,
        given: row.given,
        tickedBy: row.tickedBy,
        textId: row.textId,
        locale: row.locale === null ? null : parseLocale(row.locale),
      })),
  )
}
