import { decodeJwt } from 'jose'
import { describe, expect, it } from 'vitest'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { createStore, createUser, goodPassword, signIn, userRow } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

const day = 24 * 60 * 60

describe.each(databases)('signing in on $name', (database) => {
  const api = useApi(database)

  it('answers a token and the user, with the expert store of a manager', async () => {
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const response = await api.request('POST', '/user/login', {
      body: { email: manager.email, password: manager.password },
    })
    expect(response.status).toBe(200)
    const { token, ...user } = expectShape(dataEnvelope(sessionSchema), response.body).data
    expect(decodeJwt(token).sub).toBe(String(manager.id))
    expect(user).toEqual({
      id: manager.id,
      role: 'manager',
      fullname: manager.fullname,
      email: manager.email,
      phone: null,
      expertStore: { id: store.id, name: store.name, country: 'RS' },
    })
  })

  it('answers no expert store for a user who has none', async () => {
    const agent = await createUser(api, { role: 'agent' })
    const response = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: agent.password },
    })
    expect(expectShape(dataEnvelope(sessionSchema), response.body).data.expertStore).toBeNull()
  })

  it('signs in whatever the case of the email', async () => {
    const agent = await createUser(api)
    const token = await signIn(api, { email: agent.email.toUpperCase(), password: agent.password })
    expect(decodeJwt(token).sub).toBe(String(agent.id))
  })

  it('gives a token for 30 days with remember me (the default) and 12 hours without', async () => {
    const agent = await createUser(api)
    for (const [rememberMe, lifetime] of [
      [undefined, 30 * day],
      [true, 30 * day],
      [false, 12 * 60 * 60],
    ] as const) {
      const claims = decodeJwt(await signIn(api, agent, rememberMe))
      expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(lifetime)
      expect(claims).toMatchObject({ iss: 'brand-expert-api', aud: 'brand-expert-pwa' })
    }
  })

  it('keeps passwords as argon2id hashes with m=19456, t=2, p=1', async () => {
    const agent = await createUser(api)
    const row = await userRow(api, agent.id)
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
  })

  it('answers the same 401 for an unknown email, a wrong password, an invited or a deleted user', async () => {
    const agent = await createUser(api)
    const invited = await createUser(api, { password: null })
    const deleted = await createUser(api, { deleted: true })
    const attempts = [
      { email: 'nobody@example.rs', password: goodPassword },
      { email: agent.email, password: 'Wrong!2345' },
      { email: invited.email, password: goodPassword },
      { email: deleted.email, password: deleted.password },
    ]
    for (const body of attempts) {
      const response = await api.request('POST', '/user/login', { body, language: 'en' })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ message: messages.invalidCredentials.message })
    }
    const inMontenegrin = await api.request('POST', '/user/login', {
      body: attempts[0],
      language: 'me',
    })
    expect(inMontenegrin.body).toMatchObject({ message: 'Pogrešan email ili lozinka.' })
  })

  it('names each invalid field, in English and in Montenegrin', async () => {
    const cases = [
      {
        body: {},
        en: [
          ['email', 'This field is required'],
          ['password', 'This field is required'],
        ],
        me: [
          ['email', 'Ovo polje je obavezno.'],
          ['password', 'Ovo polje je obavezno.'],
        ],
      },
      {
        body: { email: 'not an email', password: 'x' },
        en: [['email', 'Must be a valid email.']],
        me: [['email', 'Mora biti validan email.']],
      },
      {
        body: { email: 'a@example.rs', password: '' },
        en: [['password', 'This field is required']],
        me: [['password', 'Ovo polje je obavezno.']],
      },
      {
        body: { email: 'a@example.rs', password: 'x', remember_me: 'yes' },
        en: [['remember_me', 'This value is not valid.']],
        me: [['remember_me', 'Ova vrijednost nije validna.']],
      },
    ] as const
    for (const { body, ...expected } of cases) {
      for (const language of ['en', 'me'] as const) {
        const response = await api.request('POST', '/user/login', { body, language })
        expect(response.status).toBe(400)
        const invalidFields = expected[language].map(([field, message]) => ({ field, message }))
        expect(response.body).toMatchObject({ message: invalidFields[0]?.message, invalidFields })
      }
    }
  })
})
