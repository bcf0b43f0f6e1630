import { describe, expect, it } from 'vitest'
import { ApiError, extractErrorMessage } from '../../src/api/api-error.ts'

const unknown = 'Došlo je do nepoznate greške.'

describe('the one message of a failed answer', () => {
  it('is the first invalid field message when there are invalid fields', () => {
    const body = {
      message: 'Zahtjev nije validan.',
      invalidFields: [
        { field: 'email', message: 'Mora biti validan email.' },
        { field: 'password', message: 'Ovo polje je obavezno.' },
      ],
    }
    expect(extractErrorMessage(body, unknown)).toBe('Mora biti validan email.')
  })

  it('is the answer message when no field is named', () => {
    expect(
      extractErrorMessage({ message: 'Prodavnica nije pronađena', invalidFields: [] }, unknown),
    ).toBe('Prodavnica nije pronađena')
  })

  it('is the translated unknown error for an empty message, a body of another shape, or none', () => {
    expect(extractErrorMessage({ message: '' }, unknown)).toBe(unknown)
    expect(extractErrorMessage('<html>Bad gateway</html>', unknown)).toBe(unknown)
    expect(extractErrorMessage(undefined, unknown)).toBe(unknown)
  })
})

describe('the reference of a failed request', () => {
  it('is the start of the request id the server answered with', () => {
    const error = new ApiError(409, 'Already used.', [], {
      code: 'voucher.used',
      requestId: '3ec33f67-1342-43e2-84ad-848c2c9ac2c0',
    })
    expect(error.reference).toBe('3ec33f67')
  })

  it('is none when no server named the request (no connection, a balancer)', () => {
    expect(new ApiError(0, 'No connection.').reference).toBeUndefined()
  })
})

describe('a session that is over', () => {
  it('is an expired token, or a session the server ended (whatever the language of its text)', () => {
    const ended = new ApiError(401, 'Vaša sesija je završena. Prijavite se ponovo.', [], {
      code: 'auth.sessionEnded',
    })
    expect(ended.isJwtExpired).toBe(true)
    expect(new ApiError(401, 'jwt expired').isJwtExpired).toBe(true)
    expect(new ApiError(401, 'invalid token', [], { code: 'invalid token' }).isJwtExpired).toBe(
      false,
    )
    expect(new ApiError(403, 'x', [], { code: 'auth.sessionEnded' }).isJwtExpired).toBe(false)
  })
})
