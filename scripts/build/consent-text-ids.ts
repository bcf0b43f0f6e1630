/**
 * A consent text's id is a hash of what the email step shows in each of the three locales
 * (docs/behaviour.md#consents): the trial records it, so that the words a customer was shown can
 * be told years later. This reads the texts from the catalogues (`messages.po`) and writes their
 * ids into src/features/free-guided-trial/consent-texts.ts; `npm run i18n:extract` runs it, and a unit test
 * fails when a text changed and its id did not.
 */
import { createHash } from 'node:crypto'
import { readFile, writeFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { formatter } from '@lingui/format-po'
import type { ConsentName } from '../../src/contract/consents.ts'
import { locales, type Locale } from '../../src/contract/locale.ts'
import { consentTexts } from '../../src/features/free-guided-trial/consent-texts.ts'

const po = formatter({ lineNumbers: false })
const folder = new URL('../../src/locales/', import.meta.url)
const textsFile = new URL('../../src/features/free-guided-trial/consent-texts.ts', import.meta.url)

/** The id of a text shown as `texts` in each locale: 16 hex digits of their SHA-256. */
export function consentTextId(texts: Record<Locale, string>): string {
  const words = JSON.stringify(locales.map((locale) => [locale, texts[locale]]))
  return createHash('sha256').update(words).digest('hex').slice(0, 16)
}

/** What each locale's catalogue shows for the source text (English) `source`. */
export async function shownTexts(source: string): Promise<Record<Locale, string>> {
  const shown: Partial<Record<Locale, string>> = {}
  for (const locale of locales) {
    const filename = new URL(`${locale}/messages.po`, folder)
    const content = await readFile(filename, 'utf8')
    const catalog = await po.parse(content, {
      locale,
      sourceLocale: 'en',
      filename: filename.pathname,
    })
    const entry = Object.values(catalog).find((message) => message.message === source)
    if (!entry?.translation) throw new Error(`${locale}: no translation of "${source}"`)
    shown[locale] = entry.translation
  }
  return { me: shown.me ?? '', sr: shown.sr ?? '', en: shown.en ?? '' }
}

/** Each consent's id as the catalogues make it now. */
export async function currentIds(): Promise<Record<ConsentName, string>> {
  return {
    privacyPolicy: consentTextId(await shownTexts(consentTexts.privacyPolicy.source)),
    analizeData: consentTextId(await shownTexts(consentTexts.analizeData.source)),
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const ids = await currentIds()
  let text = await readFile(textsFile, 'utf8')
  for (const [name, id] of Object.entries(ids)) {
    text = text.replace(new RegExp(`(${name}: \\{[^}]*id: ')[0-9a-f]*(')`), `$1${id}$2`)
  }
  await writeFile(textsFile, text)
  console.log('consent text ids', ids)
}
