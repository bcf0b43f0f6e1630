import { describe, expect, it } from 'vitest'
import { emailPieces } from '../../../src/ui/email-address.tsx'

describe('emailPieces', () => {
  it('lets an address wrap before its @ and its dots, and joins back to the address', () => {
    const email = 'snezana.kostic1108@yahoo.com'
    expect(emailPieces(email)).toEqual(['snezana', '.kostic1108', '@yahoo', '.com'])
    expect(emailPieces(email).join('')).toBe(email)
  })

  it('keeps an address without dots in the name whole up to its @', () => {
    expect(emailPieces('admin@example.com')).toEqual(['admin', '@example', '.com'])
  })
})
