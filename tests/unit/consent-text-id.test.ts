import { describe, expect, it } from 'vitest'
import { consentTextId } from '../../src/contract/consents.ts'
import { editionOneConsentTextIds } from '../support/consent-text-ids.ts'

// Edition 1's texts as the migration that made the editions holds them.
const privacyPolicy = {
  me: 'Kupac prihvata politiku privatnosti',
  sr: 'Kupac prihvata politiku privatnosti',
  en: 'The customer accepts the privacy policy',
}

describe('a consent text’s id', () => {
  it('is the one trials before content editions recorded, for the same words', async () => {
    expect(await consentTextId(privacyPolicy)).toBe(editionOneConsentTextIds.privacyPolicy)
  })

  it('changes with a single word of a single locale', async () => {
    const id = await consentTextId(privacyPolicy)
    expect(await consentTextId({ ...privacyPolicy, sr: `${privacyPolicy.sr}.` })).not.toBe(id)
    const cookies = { ...privacyPolicy, en: privacyPolicy.en.replace('privacy', 'cookie') }
    expect(await consentTextId(cookies)).not.toBe(id)
    expect(await consentTextId({ ...privacyPolicy, me: privacyPolicy.sr })).toBe(id)
  })
})
