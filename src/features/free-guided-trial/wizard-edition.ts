/** How the wizard reads its content edition (trial-wizard.tsx holds it). */
import type { Edition, EditionAnswer, EditionLists } from '../../contract/content-edition.ts'
import { consentTextId, type ConsentName } from '../../contract/consents.ts'
import type { Locale } from '../../contract/locale.ts'

/** A wizard's content: its edition, and the ids of its consent texts that a trial records. */
export interface WizardContent {
  edition: Edition
  consentTextIds: Record<ConsentName, string>
}

export async function wizardContent(edition: Edition): Promise<WizardContent> {
  const { privacyPolicy, analizeData } = edition.consents
  const [privacyPolicyId, analizeDataId] = await Promise.all([
    consentTextId(privacyPolicy),
    consentTextId(analizeData),
  ])
  return { edition, consentTextIds: { privacyPolicy: privacyPolicyId, analizeData: analizeDataId } }
}

/** The keys a wizard offers from one of its edition's lists: its active answers, in order. */
export function shownKeys(list: readonly EditionAnswer[]): string[] {
  return list.filter((answer) => answer.active).map((answer) => answer.key)
}

/** The keys of an edition's impression lists, as the reducer keeps chosen ones in order. */
export function impressionKeys(impressions: EditionLists['stickImpressions']) {
  return {
    positive: shownKeys(impressions.positive),
    negative: shownKeys(impressions.negative),
    neutral: shownKeys(impressions.neutral),
  }
}

/** An answer's words in `locale`; its key when the edition does not have it. */
export function labelIn(list: readonly EditionAnswer[], key: string, locale: Locale): string {
  return list.find((answer) => answer.key === key)?.labels[locale] ?? key
}
