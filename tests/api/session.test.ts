import { SignJWT } from 'jose'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { readSignedInUser } from '../../server/auth/users.ts'
import { users } from '../../server/db/schema/users.ts'
import { createStore, createUser, openSession, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'

const hour = 60 * 60 * 1000

function forgedToken(
  api: TestApi,
  userId: number,
  change: { secret?: Uint8Array; alg?: string; audience?: string; issuer?: string } = {},
) {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT()
    .setProtectedHeader({ alg: change.alg ?? 'HS256' })
    .setIssuer(change.issuer ?? 'brand-expert-api')
    .setAudience(change.audience ?? 'brand-expert-pwa')
    .setSubject(String(userId))
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(change.secret ?? api.config.jwtSecret)
}

describe.each(databases)('the session on $name', (database) => {
  const api = useApi(database)

  it('GET /me answers the signed-in user with a fresh token', async () => {
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const token = await signIn(api, manager)
    api.clock.advance(hour)
    const response = await api.request('GET', '/me', { token })
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(sessionSchema), response.body)
    expect(data).toMatchObject({
      id: manager.id,
      role: 'manager',
      email: manager.email,
      expertStore: { id: store.id, name: store.name, country: 'RS' },
    })
    expect(data.token).not.toBe(token)
    const again = await api.request('GET', '/me', { token: data.token })
    expect(again.status).toBe(200)
  })

  it('refuses a missing, garbled or forged token with 401 invalid token', async () => {
    const agent = await createUser(api)
    const otherSecret = new TextEncoder().encode('another secret that is long enough!!')
    const tokens = [
      undefined,
      'garbled',
      'a.b.c',
      await forgedToken(api, agent.id, { secret: otherSecret }),
      await forgedToken(api, agent.id, { alg: 'HS512' }),
      await forgedToken(api, agent.id, { audience: 'another-app' }),
      await forgedToken(api, agent.id, { issuer: 'someone-else' }),
    ]
    for (const token of tokens) {
      const response = await api.request('GET', '/me', { token })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ message: 'invalid token' })
    }
    const withoutBearer = await api.request('GET', '/me', {
      headers: { Authorization: await forgedToken(api, agent.id) },
    })
    expect(withoutBearer.status).toBe(401)
  })

  it('refuses an expired token with 401 jwt expired, also one it accepted before', async () => {
    const agent = await createUser(api)
    api.clock.freeze()
    const shortToken = await signIn(api, agent, false)
    api.clock.advance(12 * hour - 1000)
    expect((await api.request('GET', '/me', { token: shortToken })).status).toBe(200)
    api.clock.advance(2000)
    const response = await api.request('GET', '/me', { token: shortToken })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ message: 'jwt expired' })
  })

  it('refuses the token of a user deleted since at once, as a session ended', async () => {
    const agent = await createUser(api)
    const token = await signIn(api, agent)
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, agent.id))
    const response = await api.request('GET', '/me', { token })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ code: messages.sessionEnded.id })
  })

  it('reads the users of requests made at once each as they are', async () => {
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const agent = await createUser(api, { role: 'agent' })
    const gone = await createUser(api, { role: 'admin' })
    await api.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id))
    const [managerSession, agentSession, goneSession] = await Promise.all(
      [manager, agent, gone].map(async (user) => (await openSession(api, user.id)).id),
    )
    // In one turn, as the server answers concurrent requests.
    const ids = [managerSession, agentSession, goneSession, agentSession, managerSession]
    const read = await Promise.all(ids.map((id = '') => readSignedInUser(api.db, id)))
    expect(
      read.map(
        (found) =>
          found && { id: found.user.id, role: found.user.role, store: found.user.expertStore },
      ),
    ).toEqual([
      { id: manager.id, role: 'manager', store: { id: store.id, name: store.name, country: 'RS' } },
      { id: agent.id, role: 'agent', store: null },
      null,
      { id: agent.id, role: 'agent', store: null },
      { id: manager.id, role: 'manager', store: { id: store.id, name: store.name, country: 'RS' } },
    ])
  })

  it('applies a new role at once', async () => {
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager' })
    const token = await signIn(api, manager)
    await api.db.update(users).set({ role: 'agent' }).where(eq(users.id, manager.id))
    const me = await api.request('GET', '/me', { token })
    expect(expectShape(dataEnvelope(sessionSchema), me.body).data.role).toBe('agent')
    const checkIn = await api.request('POST', '/user/check-in', {
      token,
      body: { storeId: store.id },
      language: 'en',
    })
    expect(checkIn.status).toBe(403)
    expect(checkIn.body).toMatchObject({ message: messages.managersOnly.message })
  })
})
