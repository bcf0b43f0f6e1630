import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages.ts'
import { createUser, goodPassword, signIn } from './support/fixtures.ts'
import { databases, useApi } from './support/harness.ts'

const newPassword = 'Nova!Lozinka9'

describe.each(databases)('changing the password on $name', (database) => {
  const api = useApi(database)

  it("changes the signed-in user's password", async () => {
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    const response = await api.request('POST', '/user/change-password', {
      token,
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
      language: 'en',
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: null, message: messages.passwordChanged.message })
    await signIn(api, { email: agent.email, password: newPassword })
    const old = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: goodPassword },
    })
    expect(old.status).toBe(401)
  })

  it('names the current password when it is wrong, in English and in Montenegrin', async () => {
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    const expected = {
      en: 'The current password is wrong.',
      me: 'Trenutna lozinka nije tačna.',
    }
    for (const language of ['en', 'me'] as const) {
      const response = await api.request('POST', '/user/change-password', {
        token,
        body: {
          currentPassword: 'Wrong!2345',
          password: newPassword,
          confirmPassword: newPassword,
        },
        language,
      })
      expect(response.status).toBe(400)
      const message = expected[language]
      expect(response.body).toMatchObject({
        message,
        invalidFields: [{ field: 'currentPassword', message }],
      })
    }
  })

  it('names the invalid fields', async () => {
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    const response = await api.request('POST', '/user/change-password', {
      token,
      body: { currentPassword: '', password: 'BEZMALIH1!', confirmPassword: 'BEZMALIH1!' },
      language: 'me',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Ovo polje je obavezno.',
      invalidFields: [
        { field: 'currentPassword', message: 'Ovo polje je obavezno.' },
        { field: 'password', message: 'Lozinka mora sadržati malo slovo.' },
      ],
    })
  })

  it('needs a signed-in user', async () => {
    const response = await api.request('POST', '/user/change-password', {
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ message: 'invalid token' })
  })
})
