import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { createUser } from './support/fixtures.ts'
import { databases, useApi, type TestApi } from './support/harness.ts'

const password = 'Prva!Lozinka1'

function setUp(api: TestApi, token: string, language: 'en' | 'me' = 'en') {
  return api.request('POST', '/user/password', {
    body: { password, confirmPassword: password, token },
    language,
  })
}

describe.each(databases)('setting the first password on $name', (database) => {
  const api = useApi(database)

  it('lets an invited user set a password with the invitation token, and sign in', async () => {
    const invited = await createUser(api, { password: null })
    const token = await issueToken(api.db, invited.id, 'setup', api.clock.now)
    const response = await setUp(api, token)
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: null, message: messages.passwordSet.message })
    const login = await api.request('POST', '/user/login', {
      body: { email: invited.email, password },
    })
    expect(login.status).toBe(200)
  })

  it('refuses a used, expired, unknown or reset token with 400 auth.tokenInvalid', async () => {
    const invited = await createUser(api, { password: null })
    const used = await issueToken(api.db, invited.id, 'setup', api.clock.now)
    expect((await setUp(api, used)).status).toBe(200)

    const other = await createUser(api, { password: null })
    const resetToken = await issueToken(api.db, other.id, 'reset', api.clock.now)
    const expired = await issueToken(
      api.db,
      other.id,
      'setup',
      () => new Date(Date.now() - 8 * 24 * 60 * 60 * 1000),
    )

    for (const token of [used, expired, resetToken, 'no-such-token']) {
      const response = await setUp(api, token, 'me')
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message: 'Link nije validan ili je istekao. Zatražite novi.',
      })
    }
  })

  it('refuses the token of a deleted user', async () => {
    const deleted = await createUser(api, { password: null, deleted: true })
    const token = await issueToken(api.db, deleted.id, 'setup', api.clock.now)
    const response = await setUp(api, token)
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: messages.tokenInvalid.message })
  })

  it('names the invalid fields', async () => {
    const response = await api.request('POST', '/user/password', {
      body: { password: 'Bezcifre!!', confirmPassword: 'Bezcifre!!', token: '' },
      language: 'en',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Password must contain a digit.',
      invalidFields: [
        { field: 'password', message: 'Password must contain a digit.' },
        { field: 'token', message: 'This field is required' },
      ],
    })
  })
})
