import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const catalog = (locale: string) =>
  readFileSync(new URL(`../../src/locales/${locale}/messages.po`, import.meta.url), 'utf8')

/** The translation of `msgid` (in `context`, if given) in a catalog of one-line entries. */
function translation(po: string, msgid: string, context?: string): string | undefined {
  for (const entry of po.split('\n\n')) {
    const line = (key: string) => new RegExp(`^${key} "(.*)"$`, 'm').exec(entry)?.[1]
    if (line('msgid') === msgid && line('msgctxt') === context) return line('msgstr')
  }
  return undefined
}

describe('one word for one thing in each locale', () => {
  for (const locale of ['me', 'sr']) {
    it(`calls the sticks "štapići" everywhere in ${locale}`, () => {
      const texts = [...catalog(locale).matchAll(/^msgstr "(.*)"$/gm)].map(
        (match) => match[1] ?? '',
      )
      expect(texts.filter((text) => /\bstik/i.test(text))).toEqual([])
      expect(texts.some((text) => /štapić/i.test(text))).toBe(true)
    })

    it(`names a store's name apart from a person's in ${locale}`, () => {
      const po = catalog(locale)
      expect(translation(po, 'Name', 'store')).toBe('Naziv')
      expect(translation(po, 'Name')).toBe('Ime i prezime')
    })
  }

  it('writes the ijekavian "redoslijed" in me, the ekavian "redosled" in sr', () => {
    expect(catalog('me')).not.toMatch(/redosljed/)
    expect(translation(catalog('me'), '{name}, order {place}')).toBe('{name}, redoslijed {place}')
    expect(translation(catalog('sr'), '{name}, order {place}')).toBe('{name}, redosled {place}')
  })

  for (const locale of ['me', 'sr']) {
    it(`says "reasons not to buy" in words people use in ${locale}, not "nekupovina"`, () => {
      expect(catalog(locale)).not.toMatch(/nekupovin/i)
      expect(translation(catalog(locale), 'report.column.noPurchaseReasons')).toBe(
        'Razlozi protiv kupovine',
      )
    })
  }
})
