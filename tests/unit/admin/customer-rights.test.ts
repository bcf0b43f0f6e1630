import * as v from 'valibot'
import { customerRightsMessages } from '../../../src/contract/customer-rights-messages.ts'
import { describe, expect, it } from 'vitest'
import { messages } from '../../../src/contract/messages.ts'
import { validate } from '../../../src/ui/form-errors.ts'
import {
  erasureTargetOf,
  trialContactFormSchema,
} from '../../../src/features/customer-rights/trial-contact-form.ts'
import { jsonFile } from '../../../src/features/customer-rights/export-file.ts'

describe("the trial contact's form", () => {
  it('sends the phone without the spaces and dashes a person types', () => {
    const parsed = v.parse(trialContactFormSchema, { email: '', phone: ' +381 64-123 4567 ' })
    expect(parsed).toEqual({ email: '', phone: '+381641234567' })
  })

  it('asks for an email or a phone, by the email field', () => {
    expect(validate(trialContactFormSchema, { email: '', phone: '  ' })).toEqual({
      email: customerRightsMessages.trialContactRequired.id,
    })
  })

  it('refuses a phone not in the international form, and a wrong email, by their fields', () => {
    expect(validate(trialContactFormSchema, { email: '', phone: '064 123 4567' })).toEqual({
      phone: customerRightsMessages.trialContactPhone.id,
    })
    expect(validate(trialContactFormSchema, { email: 'nobody', phone: '' })).toEqual({
      email: messages.email.id,
    })
  })
})

describe("an erasure's target", () => {
  it('names the contact the search found, leaving out what it did not', () => {
    expect(erasureTargetOf({ email: 'ana@example.rs', phone: null })).toEqual({
      email: 'ana@example.rs',
    })
    expect(erasureTargetOf({ email: null, phone: '+381641234567' })).toEqual({
      phone: '+381641234567',
    })
    expect(erasureTargetOf({ email: 'ana@example.rs', phone: '+381641234567' })).toEqual({
      email: 'ana@example.rs',
      phone: '+381641234567',
    })
  })
})

describe('a JSON export file', () => {
  it('holds the data as indented JSON under its name', async () => {
    const file = jsonFile(
      { customerId: 7, profile: { email: 'ana@example.rs' } },
      'customer-7.json',
    )
    expect(file.filename).toBe('customer-7.json')
    expect(file.blob.type).toBe('application/json')
    const text = await file.blob.text()
    expect(JSON.parse(text)).toEqual({ customerId: 7, profile: { email: 'ana@example.rs' } })
    expect(text).toContain('\n  "profile": {\n    "email": "ana@example.rs"\n  }')
  })
})
