import type { ConsentName } from '../../src/contract/consents.ts'

/**
 * The ids of edition 1's consent texts: what every trial before content editions records, and
 * what a text of edition 1 must keep hashing to (`consentTextId`).
 */
export const editionOneConsentTextIds: Record<ConsentName, string> = {
  privacyPolicy: 'f07b25c752350601',
  analizeData: '5ba28b9026ea93c9',
}
