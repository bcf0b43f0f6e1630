import { createHash } from 'node:crypto'
import { i18n } from '@lingui/core'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { activateLocale, activateManageCatalog } from '../../src/i18n.ts'
import type { Locale } from '../../src/contract/locale.ts'
import { translate } from '../../server/i18n.ts'

/** The id Lingui gives a message without an explicit one (its package exports no types for it). */
function generateMessageId(message: string): string {
  return createHash('sha256').update(`${message}\u001f`).digest('base64url').slice(0, 6)
}

const waiting =
  '{count, plural, one {# trial waiting} few {# trials waiting} other {# trials waiting}}'
const found = '{count, plural, one {# user found} other {# users found}}'

/** The literal texts for 1, 2, 5 and 21 of each message, in each locale. */
const expected: Record<Locale, Record<string, string[]>> = {
  me: {
    [waiting]: ['1 proba čeka', '2 probe čekaju', '5 proba čeka', '21 proba čeka'],
    [found]: [
      'Pronađen 1 korisnik',
      'Pronađena 2 korisnika',
      'Pronađeno 5 korisnika',
      'Pronađen 21 korisnik',
    ],
  },
  sr: {
    [waiting]: ['1 proba čeka', '2 probe čekaju', '5 proba čeka', '21 proba čeka'],
    [found]: [
      'Pronađen 1 korisnik',
      'Pronađena 2 korisnika',
      'Pronađeno 5 korisnika',
      'Pronađen 21 korisnik',
    ],
  },
  en: {
    [waiting]: ['1 trial waiting', '2 trials waiting', '5 trials waiting', '21 trials waiting'],
    [found]: ['1 user found', '2 users found', '5 users found', '21 users found'],
  },
}
const counts = [1, 2, 5, 21]

describe('plurals in each locale', () => {
  beforeEach(() => {
    const stored = new Map<string, string>()
    vi.stubGlobal('document', { documentElement: { lang: '' }, cookie: '' })
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    })
  })
  afterEach(() => vi.unstubAllGlobals())

  for (const locale of ['me', 'sr', 'en'] as const) {
    it(`reads ${locale}'s counts as its own language does, in the app`, async () => {
      await activateLocale(locale, true)
      // The users' count is the administration's: its texts come beside the app's.
      await activateManageCatalog()
      for (const [message, texts] of Object.entries(expected[locale])) {
        const id = generateMessageId(message)
        expect(counts.map((count) => i18n._(id, { count }))).toEqual(texts)
      }
    })

    it(`reads ${locale}'s counts as its own language does, on the server`, () => {
      for (const [message, texts] of Object.entries(expected[locale])) {
        const id = generateMessageId(message)
        expect(counts.map((count) => translate(locale, id, { count }))).toEqual(texts)
      }
    })
  }
})
