import type { ConsentName } from '../../contract/consents.ts'

/**
 * The consents' texts as the email step shows them (contact-step.tsx), each with the id of its
 * words: a hash of the three locales' texts, written by scripts/build/consent-text-ids.ts (run by
 * `npm run i18n:extract`). A trial records the id with each consent; a unit test fails when a
 * text changes and its id does not.
 */
export const consentTexts = {
  privacyPolicy: { source: 'The customer accepts the privacy policy', id: 'f07b25c752350601' },
  analizeData: {
    source: 'The customer agrees that their data may be analysed',
    id: '5ba28b9026ea93c9',
  },
} as const satisfies Record<ConsentName, { source: string; id: string }>
