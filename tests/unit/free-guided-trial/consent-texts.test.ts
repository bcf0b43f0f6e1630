import { readFile } from 'node:fs/promises'
import { describe, expect, it } from 'vitest'
import { consentNames } from '../../../src/contract/consents.ts'
import { consentTexts } from '../../../src/features/free-guided-trial/consent-texts.ts'
import { consentTextId, currentIds, shownTexts } from '../../../scripts/build/consent-text-ids.ts'

describe('the consent texts’ ids', () => {
  it('are the hash of what the catalogues show now: a text changed in any locale needs a new id', async () => {
    // On failure: run `npm run i18n:extract` (or node scripts/build/consent-text-ids.ts).
    const ids = await currentIds()
    for (const name of consentNames) expect(consentTexts[name].id, name).toBe(ids[name])
  })

  it('change with a single word of a single locale, and differ between the consents', async () => {
    const texts = await shownTexts(consentTexts.privacyPolicy.source)
    const id = consentTextId(texts)
    expect(consentTextId({ ...texts, sr: `${texts.sr}.` })).not.toBe(id)
    expect(consentTextId({ ...texts, en: texts.en.replace('privacy', 'cookie') })).not.toBe(id)
    expect(new Set(consentNames.map((name) => consentTexts[name].id)).size).toBe(2)
  })

  it('belong to the texts the email step shows', async () => {
    const step = await readFile(
      new URL('../../../src/features/free-guided-trial/contact-step.tsx', import.meta.url),
      'utf8',
    )
    for (const name of consentNames) expect(step).toContain(`t\`${consentTexts[name].source}\``)
  })
})
