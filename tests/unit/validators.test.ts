import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  isAllowedEmail,
  passwordSchema,
  restrictedEmailSchema,
  emailSchema,
  readableText,
  requiredText,
} from '../../src/contract/validators.ts'
import { storeFormSchema } from '../../src/contract/store-admin.ts'
import { userFormSchema } from '../../src/contract/users.ts'
import { voucherSearchQuerySchema } from '../../src/contract/vouchers.ts'
import {
  isValidPhone,
  matchesPhoneRule,
  countryPhone,
  phoneInCountry,
  phoneSchema,
  typedAfterPrefix,
} from '../../src/contract/phone.ts'
import { countries } from '../../src/contract/countries.ts'
import { passwordResetBodySchema } from '../../src/contract/auth.ts'
import { calendarDay } from '../../src/contract/http.ts'
import { fieldErrors } from '../../src/ui/form-errors.ts'

function firstMessage(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value)
  return result.success ? undefined : result.issues[0].message
}

describe('the phone rules, each case of the validation section', () => {
  // [rule, number, passes]: sr +3816 then 7-9 digits or 06 then 6-8; me the same with +3826;
  // en + then 9-10 digits.
  const cases = [
    ['sr', '+3816' + '1234567', true],
    ['sr', '+3816' + '123456789', true],
    ['sr', '+3816' + '123456', false],
    ['sr', '+3816' + '1234567890', false],
    ['sr', '06' + '123456', true],
    ['sr', '06' + '12345678', true],
    ['sr', '06' + '12345', false],
    ['sr', '06' + '123456789', false],
    ['sr', '+3826' + '1234567', false],
    ['sr', '+381' + '11234567', false],
    ['me', '+3826' + '1234567', true],
    ['me', '+3826' + '123456789', true],
    ['me', '+3826' + '123456', false],
    ['me', '+3826' + '1234567890', false],
    ['me', '06' + '123456', true],
    ['me', '06' + '12345678', true],
    ['me', '06' + '12345', false],
    ['me', '06' + '123456789', false],
    ['me', '+3816' + '1234567', false],
    ['en', '+' + '123456789', true],
    ['en', '+' + '1234567890', true],
    ['en', '+' + '12345678', false],
    ['en', '+' + '12345678901', false],
    ['en', '0641234567', false],
  ] as const

  it.each(cases)('the %s rule on %s: %s', (locale, phone, passes) => {
    expect(matchesPhoneRule(phone, locale)).toBe(passes)
  })

  it('takes a person’s phone that passes any of the three rules, in every language', () => {
    for (const [, phone] of cases) {
      const passesOne = cases.some(([locale]) => matchesPhoneRule(phone, locale))
      expect(isValidPhone(phone), phone).toBe(passesOne)
      for (const language of ['me', 'sr', 'en'] as const) {
        expect(v.is(phoneSchema(language), phone), `${phone} in ${language}`).toBe(passesOne)
      }
    }
    // A Serbian mobile is saved by an admin reading Montenegrin or English.
    expect(v.is(phoneSchema('me'), '+381641234567')).toBe(true)
    expect(v.is(phoneSchema('en'), '064 123 4567')).toBe(true)
  })

  it('ignores spaces, dashes and brackets people type', () => {
    expect(isValidPhone(' 064 123-4567 ')).toBe(true)
    expect(isValidPhone('(064) 123/4567')).toBe(true)
  })

  it('words its message in the reader’s language', () => {
    expect(firstMessage(phoneSchema('sr'), '123')).toBe('validation.phone.sr')
    expect(firstMessage(phoneSchema('me'), '123')).toBe('validation.phone.me')
    expect(firstMessage(phoneSchema('en'), '123')).toBe('validation.phone.en')
    expect(firstMessage(phoneSchema('me'), '')).toBe('validation.required')
  })
})

describe('a phone typed at a store: its country’s rule and calling code', () => {
  it.each([
    ['RS', '06' + '123456', '+3816123456'],
    ['RS', '064 123 4567', '+381641234567'],
    ['RS', '06 1234 5678', '+381612345678'],
    ['RS', '06' + '123456789', null],
    ['RS', '+381641234567', '+381641234567'],
    ['RS', '64 123 4567', '+381641234567'],
    ['RS', '+382671234567', null],
    ['ME', '067 123 456', '+38267123456'],
    ['ME', '67 123 456', '+38267123456'],
    ['ME', '+382671234567', '+382671234567'],
    ['ME', '+381641234567', null],
    ['RS', '0641234567a', null],
    ['RS', '', null],
  ] as const)('%s: %s is %s', (country, typed, full) => {
    expect(phoneInCountry(typed, country)).toBe(full)
  })

  it.each(countries)(
    '%s: the hint’s example passes, and so does every digit count it states, and no other',
    (country) => {
      const { example, nationalDigits } = countryPhone[country]
      expect(phoneInCountry(example, country)).not.toBeNull()
      const national = (digits: number) => '06' + '1'.repeat(digits - 2)
      for (let digits = nationalDigits.min - 1; digits <= nationalDigits.max + 1; digits += 1) {
        const stated = digits >= nationalDigits.min && digits <= nationalDigits.max
        expect(phoneInCountry(national(digits), country) !== null, `${digits} digits`).toBe(stated)
      }
    },
  )

  it('shows the calling code in front of a number typed after it, never of a whole number', () => {
    expect(typedAfterPrefix('')).toBe(true)
    expect(typedAfterPrefix('64 123 4567')).toBe(true)
    expect(typedAfterPrefix('064 123 4567')).toBe(false)
    expect(typedAfterPrefix('+381641234567')).toBe(false)
  })
})

describe('password rules, checked in order', () => {
  it.each([
    ['', 'validation.required'],
    ['aB1!', 'validation.password.min'],
    ['ABCDEFG1!', 'validation.password.lowercase'],
    ['abcdefg1!', 'validation.password.uppercase'],
    ['Abcdefgh!', 'validation.password.digit'],
    ['Abcdefgh1', 'validation.password.special'],
    ['x'.repeat(129) + 'A1!', 'validation.password.max'],
  ])('"%s" fails with %s first', (password, message) => {
    expect(firstMessage(passwordSchema, password)).toBe(message)
  })

  it('accepts a password that meets every rule, up to 128 characters', () => {
    expect(firstMessage(passwordSchema, 'Demo!2345')).toBeUndefined()
    expect(firstMessage(passwordSchema, 'Aa1!' + 'x'.repeat(124))).toBeUndefined()
  })

  it('reports a confirmation that differs on confirmPassword', () => {
    const result = v.safeParse(passwordResetBodySchema, {
      email: 'a@example.rs',
      password: 'Demo!2345',
      confirmPassword: 'Demo!2346',
      token: 't',
    })
    expect(result.success).toBe(false)
    expect(fieldErrors(result.issues ?? [])).toEqual({ confirmPassword: 'validation.confirmed' })
  })
})

describe('restricted email', () => {
  const allowed = ['example.rs', 'example.me', 'guest@partner.com']

  it('accepts an allowed domain or an allowed whole address, in any case', () => {
    expect(isAllowedEmail('Ana@Example.RS', allowed)).toBe(true)
    expect(isAllowedEmail('guest@partner.com', allowed)).toBe(true)
  })

  it('refuses other domains, look-alike subdomains and other addresses of an allowed one', () => {
    expect(isAllowedEmail('ana@gmail.com', allowed)).toBe(false)
    expect(isAllowedEmail('ana@mail.example.rs', allowed)).toBe(false)
    expect(isAllowedEmail('other@partner.com', allowed)).toBe(false)
  })

  it('checks the email pattern before the domain', () => {
    const schema = restrictedEmailSchema(allowed)
    expect(firstMessage(schema, 'not-an-email')).toBe('validation.email')
    expect(firstMessage(schema, 'ana@gmail.com')).toBe('validation.restrictedEmail')
    expect(firstMessage(schema, '  ')).toBe('validation.required')
    expect(firstMessage(emailSchema, 'ana@gmail.com')).toBeUndefined()
  })
})

describe('a calendar day', () => {
  it('accepts a day that exists and refuses one that does not', () => {
    expect(v.is(calendarDay(), '2028-02-29')).toBe(true)
    expect(v.is(calendarDay(), '2026-02-29')).toBe(false)
  })

  it('refuses any other text with its message, as a form checks it (not stopping at the format)', () => {
    for (const text of ['', '31.02.2026.', 'tomorrow']) {
      expect(firstMessage(calendarDay('validation.invalid'), text)).toBe('validation.invalid')
    }
  })
})

describe('names, addresses and codes a reader cannot see or that read in another direction', () => {
  it.each([
    ['zero-width spaces', '\u200B\u200B'],
    ['zero-width joiners and a word joiner', '\u200C\u200D\u2060'],
    ['byte order marks between spaces', ' \uFEFF \uFEFF '],
    ['a soft hyphen and a Hangul filler', '\u00AD\u3164'],
    ['direction controls alone', '\u202E\u2066\u2069'],
  ])('refuses a text made only of %s as empty', (_, text) => {
    expect(firstMessage(requiredText, text)).toBe('validation.required')
    expect(firstMessage(readableText, text)).toBe('validation.required')
  })

  it.each([
    ['right-to-left override (U+202E)', 'Marko \u202EćivokraM'],
    ['left-to-right embedding (U+202A)', '\u202AMarko'],
    ['pop directional formatting (U+202C)', 'Marko\u202C'],
    ['left-to-right isolate (U+2066)', 'Bulevar \u2066Kralja\u2069 1'],
    ['first strong isolate (U+2068)', '\u2068MGM-VALID-0001'],
    ['right-to-left mark (U+200F)', 'MGM\u200F-VALID-0001'],
  ])('refuses a name, an address or a code holding a %s', (_, text) => {
    expect(firstMessage(readableText, text)).toBe('validation.bidiControl')
  })

  it('keeps names with letters of every alphabet the stores use, a zero-width joiner inside one too', () => {
    for (const text of ['Đorđe Šćekić', 'Ђорђе Шћекић', "O'Neil-Smith", 'Ana\u200DMarija']) {
      expect(firstMessage(readableText, text)).toBeUndefined()
    }
  })

  it('applies to the names of people and stores, store addresses and voucher codes', () => {
    const store = { name: 'Trafika', address: 'Bulevar 1', city: 'Beograd', country: 'RS' }
    const user = {
      fullname: 'Ana Anić',
      email: 'ana@example.rs',
      phone: '+38164123456',
      role: 'agent',
    }
    const issues = (schema: v.GenericSchema, value: unknown) =>
      fieldErrors(v.safeParse(schema, value).issues ?? [])
    expect(
      issues(storeFormSchema, { ...store, name: '\u200B', address: 'Bulevar \u202E1' }),
    ).toEqual({
      name: 'validation.required',
      address: 'validation.bidiControl',
    })
    expect(issues(storeFormSchema, { ...store, city: '\u2067Beograd' })).toEqual({
      city: 'validation.bidiControl',
    })
    expect(issues(userFormSchema, { ...user, fullname: '\u200B\u200C' })).toEqual({
      fullname: 'validation.required',
    })
    expect(issues(voucherSearchQuerySchema, { code: 'MGM-\u202EVALID' })).toEqual({
      code: 'validation.bidiControl',
    })
  })
})
