import { describe, expect, it } from 'vitest'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { userSessionListSchema } from '../../src/contract/users.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createUser, goodPassword, type TestUser } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi } from './support/harness.ts'

const newPassword = 'Nova!Lozinka9'
const hour = 60 * 60 * 1000

describe.each(databases)('sessions on $name', (database) => {
  const api = useApi(database)

  async function signInAs(user: TestUser, rememberMe = true, userAgent = 'Tablet browser') {
    const answer = await api.request('POST', '/user/login', {
      body: { email: user.email, password: user.password, remember_me: rememberMe },
      headers: { 'User-Agent': userAgent },
    })
    expect(answer.status).toBe(200)
    return expectShape(dataEnvelope(sessionSchema), answer.body).data.token
  }

  async function sessionsOf(userId: number, token: string) {
    const answer = await api.request('GET', `/user/${userId}/sessions`, { token })
    expect(answer.status).toBe(200)
    return expectShape(dataEnvelope(userSessionListSchema), answer.body).data
  }

  /** 200, or the 401 of an ended session. */
  async function expectWorks(token: string, url = api.url) {
    expect((await callApi(url, 'GET', '/me', { token })).status).toBe(200)
  }
  async function expectEnded(token: string, url = api.url) {
    const answer = await callApi(url, 'GET', '/me', { token })
    expect(answer.status).toBe(401)
    expect(answer.body).toMatchObject({ code: messages.sessionEnded.id })
  }

  it("shows an admin a user's sessions, with when, where from and on what", async () => {
    const admin = await signedIn(api, 'admin')
    const user = await createUser(api)
    await signInAs(user, true, 'Kept browser')
    await signInAs(user, false, 'Shared tablet')
    const sessions = await sessionsOf(user.id, admin.token)
    expect(sessions).toHaveLength(2)
    const now = api.clock.now().getTime()
    const byAgent = new Map(sessions.map((session) => [session.userAgent, session]))
    const kept = byAgent.get('Kept browser')
    const shared = byAgent.get('Shared tablet')
    expect(kept?.remembered).toBe(true)
    expect(shared?.remembered).toBe(false)
    // Without remember-me the session ends in 12 hours (and its token is kept in the tab only).
    expect(Date.parse(shared?.expiresAt ?? '') - now).toBeLessThanOrEqual(12 * hour + 1000)
    expect(Date.parse(kept?.expiresAt ?? '') - now).toBeGreaterThan(29 * 24 * hour)
    for (const session of sessions) {
      expect(session.clientAddress).toMatch(/127\.0\.0\.1|::1/)
      expect(Date.parse(session.lastUsedAt)).toBeGreaterThanOrEqual(Date.parse(session.createdAt))
    }
  })

  it('ends a revoked session at once, on another process too; revoking again changes nothing', async () => {
    const admin = await signedIn(api, 'admin')
    const user = await createUser(api)
    const token = await signInAs(user)
    const other = await signInAs(user)
    const another = await api.startAnother()
    // Both processes have taken the token already (and remember its signature as checked).
    await expectWorks(token)
    await expectWorks(token, another.url)
    const [target] = await sessionsOf(user.id, admin.token)
    if (!target) throw new Error('no session listed')
    // A double click: both answered the same.
    const revoke = () =>
      callApi(another.url, 'POST', '/user/session/revoke', {
        token: admin.token,
        body: { id: target.id },
      })
    const answers = [await revoke(), await revoke()]
    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const remaining = await sessionsOf(user.id, admin.token)
    expect(remaining.map((one) => one.id)).not.toContain(target.id)
    expect(remaining).toHaveLength(1)
    // Exactly one of the two tokens ended, on both processes at once.
    const results = await Promise.all(
      [token, other].map(
        async (one) => (await callApi(api.url, 'GET', '/me', { token: one })).status,
      ),
    )
    expect(results.sort()).toEqual([200, 401])
    const ended = results[0] === 401 ? token : other
    await expectEnded(ended)
    await expectEnded(ended, another.url)
  })

  it("ends a deleted user's sessions at once", async () => {
    const admin = await signedIn(api, 'admin')
    const user = await createUser(api)
    const token = await signInAs(user)
    await expectWorks(token)
    const deleted = await api.request('POST', '/user/delete', {
      token: admin.token,
      body: { id: user.id },
    })
    expect(deleted.status).toBe(200)
    await expectEnded(token)
  })

  it("ends the user's other sessions on a password change, and keeps the one that changed it", async () => {
    const user = await createUser(api)
    const here = await signInAs(user)
    const elsewhere = await signInAs(user)
    const another = await api.startAnother()
    await expectWorks(elsewhere, another.url)
    const changed = await api.request('POST', '/user/change-password', {
      token: here,
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    })
    expect(changed.status).toBe(200)
    await expectEnded(elsewhere, another.url)
    await expectWorks(here)
  })

  it('ends every session of the user on a password reset', async () => {
    const user = await createUser(api)
    const tokens = [await signInAs(user), await signInAs(user, false)]
    const token = await issueToken(api.db, user.id, 'reset', api.clock.now)
    const reset = await api.request('POST', '/user/reset', {
      body: { email: user.email, token, password: newPassword, confirmPassword: newPassword },
    })
    expect(reset.status).toBe(200)
    for (const ended of tokens) await expectEnded(ended)
  })

  it('ends the session on sign-out, and a fresh token from /me belongs to the same session', async () => {
    const user = await createUser(api)
    const token = await signInAs(user, false)
    api.clock.advance(hour)
    const refreshed = await api.request('GET', '/me', { token })
    const fresh = expectShape(dataEnvelope(sessionSchema), refreshed.body).data.token
    expect(fresh).not.toBe(token)
    const out = await api.request('POST', '/user/logout', { token: fresh })
    expect(out.status).toBe(200)
    await expectEnded(fresh)
    await expectEnded(token)
  })

  it('answers 404 for a session that does not exist, and 400 for an id that is not one', async () => {
    const admin = await signedIn(api, 'admin')
    const unknown = await api.request('POST', '/user/session/revoke', {
      token: admin.token,
      body: { id: '00000000-0000-4000-8000-000000000000' },
    })
    expect(unknown.status).toBe(404)
    const garbled = await api.request('POST', '/user/session/revoke', {
      token: admin.token,
      body: { id: 'not-a-session' },
    })
    expect(garbled.status).toBe(400)
  })

  it("keeps a super user's sessions from an admin", async () => {
    const admin = await signedIn(api, 'admin')
    const root = await signedIn(api, 'super')
    const listed = await api.request('GET', `/user/${root.id}/sessions`, { token: admin.token })
    expect(listed.status).toBe(403)
    const own = await sessionsOf(root.id, root.token)
    const revoke = await api.request('POST', '/user/session/revoke', {
      token: admin.token,
      body: { id: own[0]?.id },
    })
    expect(revoke.status).toBe(403)
    await expectWorks(root.token)
  })
})
