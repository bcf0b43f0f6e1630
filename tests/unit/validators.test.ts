import { describe, expect, it } from 'vitest'
import * as v from 'valibot'
import {
  isAllowedEmail,
  isValidPhone,
  passwordSchema,
  phoneSchema,
  restrictedEmailSchema,
  emailSchema,
} from '../../src/contract/validators.ts'
import { passwordResetBodySchema } from '../../src/contract/auth.ts'
import { fieldErrors } from '../../src/ui/form-errors.ts'

function firstMessage(schema: v.GenericSchema, value: unknown): string | undefined {
  const result = v.safeParse(schema, value)
  return result.success ? undefined : result.issues[0].message
}

describe('phone numbers by locale (spec section 5)', () => {
  it.each([
    ['sr', '+381641234567'],
    ['sr', '+38164123456'],
    ['sr', '+3816412345678'],
    ['sr', '0641234567'],
    ['sr', '06123456'],
    ['me', '+38267123456'],
    ['me', '067123456'],
    ['en', '+441234567'],
    ['en', '+4412345678'],
  ] as const)('%s accepts %s', (locale, phone) => {
    expect(isValidPhone(phone, locale)).toBe(true)
  })

  it.each([
    ['sr', '+38267123456', 'a Montenegrin number in Serbia'],
    ['sr', '+381111234567', 'a landline prefix'],
    ['sr', '064123', 'too short'],
    ['sr', '06412345678', 'too long after 06'],
    ['me', '+381641234567', 'a Serbian number in Montenegro'],
    ['me', '+3826712', 'too short'],
    ['en', '+12345678', 'eight digits'],
    ['en', '+12345678901', 'eleven digits'],
    ['en', '0641234567', 'no plus'],
  ] as const)('%s refuses %s (%s)', (locale, phone, _why) => {
    expect(isValidPhone(phone, locale)).toBe(false)
  })

  it('ignores spaces and dashes people type', () => {
    expect(isValidPhone('064 123-4567', 'sr')).toBe(true)
  })

  it('names the locale format in its message', () => {
    expect(firstMessage(phoneSchema('sr'), '123')).toBe('validation.phone.sr')
    expect(firstMessage(phoneSchema('me'), '123')).toBe('validation.phone.me')
    expect(firstMessage(phoneSchema('en'), '123')).toBe('validation.phone.en')
    expect(firstMessage(phoneSchema('me'), '')).toBe('validation.required')
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
