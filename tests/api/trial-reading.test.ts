import { describe, expect, it } from 'vitest'
import { dataEnvelope, pageSize } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import type { Role } from '../../src/contract/roles.ts'
import { trialCreatedSchema, trialListSchema, trialSchema } from '../../src/contract/trial.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { guidedAnswers } from '../support/trial-body.ts'
import { createTrial, postTrial } from './support/trial-fixtures.ts'

async function signedIn(api: TestApi, role: Role, expertStoreId?: number) {
  const user = await createUser(api, expertStoreId ? { role, expertStoreId } : { role })
  return { ...user, token: await signIn(api, user) }
}

describe.each(databases)('reading trials back on $name', (database) => {
  const api = useApi(database)

  async function search(token: string, params: Record<string, string> = {}) {
    const response = await api.request(
      'GET',
      `/questionnaire/search?${new URLSearchParams(params)}`,
      {
        token,
        language: 'en',
      },
    )
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(trialListSchema), response.body).data
  }

  async function submit(token: string, storeId: number, comment: unknown = guidedAnswers()) {
    const response = await postTrial(api, { token, body: { store_id: storeId, comment } })
    expect(response.status).toBe(201)
    return expectShape(dataEnvelope(trialCreatedSchema), response.body).data.id
  }

  it('shows super users and admins every trial, newest first, and one author on request', async () => {
    const store = await createStore(api)
    const first = await signedIn(api, 'agent')
    const second = await signedIn(api, 'agent')
    const older = await submit(first.token, store.id)
    api.clock.advance(60_000)
    const other = await submit(second.token, store.id, 'Drugi agent')
    api.clock.advance(60_000)
    const newer = await submit(first.token, store.id)

    for (const role of ['admin', 'super'] as const) {
      const viewer = await signedIn(api, role)
      const everyone = await search(viewer.token)
      expect(everyone.rows.slice(0, 3).map((row) => row.id)).toEqual([newer, other, older])
      expect(everyone.count).toBeGreaterThanOrEqual(3)

      const one = await search(viewer.token, { user: String(first.id) })
      expect(one.count).toBe(2)
      expect(one.rows.map((row) => row.id)).toEqual([newer, older])
      expect(one.rows[1]).toEqual({
        id: older,
        createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as unknown,
        capturedAt: one.rows[1]?.receivedAt,
        receivedAt: one.rows[1]?.createdAt,
        appVersion: null,
        captureUncertain: false,
        clockSkewed: false,
        captureImplausible: false,
        // The same customer at the same store minutes later: a possible duplicate.
        possibleDuplicateOf: newer,
        anonymisedAt: null,
        otherStore: false,
        revision: 1,
        review: { state: 'unreviewed', reason: null, comment: null, by: null, at: null },
        store: { id: store.id, name: store.name },
        user: { id: first.id, fullname: first.fullname },
        comment: guidedAnswers(),
      })
    }
  })

  it("filters by the stores' days, both bounds whole and included", async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const admin = await signedIn(api, 'admin')
    // Belgrade is UTC+1 in March and UTC+2 in July.
    const at = async (iso: string) =>
      createTrial(api, { userId: agent.id, storeId: store.id, createdAt: new Date(iso) })
    const march9Late = await at('2021-03-09T22:59:00Z')
    const march10Early = await at('2021-03-09T23:30:00Z')
    const march10Late = await at('2021-03-10T22:30:00Z')
    const march11Early = await at('2021-03-10T23:30:00Z')
    const july15Late = await at('2021-07-15T21:30:00Z')
    const july16Early = await at('2021-07-15T22:30:00Z')

    const ids = async (params: Record<string, string>) =>
      (await search(admin.token, { user: String(agent.id), ...params })).rows.map((row) => row.id)
    expect(await ids({ startAt: '2021-03-10', endAt: '2021-03-10' })).toEqual([
      march10Late,
      march10Early,
    ])
    expect(await ids({ endAt: '2021-03-09' })).toEqual([march9Late])
    expect(await ids({ startAt: '2021-03-11', endAt: '2021-07-15' })).toEqual([
      july15Late,
      march11Early,
    ])
    expect(await ids({ startAt: '2021-07-16' })).toEqual([july16Early])
    // A range that ends before it starts is refused rather than answered empty.
    const inverted = await api.request(
      'GET',
      `/questionnaire/search?startAt=2021-07-16&endAt=2021-07-15`,
      { token: admin.token, language: 'en' },
    )
    expect(inverted.status).toBe(400)
    expect(inverted.body).toMatchObject({ invalidFields: [{ field: 'endAt' }] })
  })

  it('pages by 20, newest first; page 0 is page 1', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const admin = await signedIn(api, 'admin')
    const made: number[] = []
    for (let index = 0; index < pageSize + 1; index += 1) {
      const createdAt = new Date(Date.UTC(2020, 0, 1, 12, index))
      made.push(await createTrial(api, { userId: agent.id, storeId: store.id, createdAt }))
    }
    const user = String(agent.id)
    const first = await search(admin.token, { user })
    const second = await search(admin.token, { user, page: '2' })
    expect(first.count).toBe(pageSize + 1)
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual([...made].reverse())
    expect((await search(admin.token, { user, page: '0' })).rows).toEqual(first.rows)
  })

  it('shows managers and agents their own trials only', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api, 'agent')
    const manager = await signedIn(api, 'manager', store.id)
    const byAgent = await submit(agent.token, store.id)
    const byManager = await submit(manager.token, store.id)

    for (const [viewer, own, other] of [
      [agent, byAgent, manager],
      [manager, byManager, agent],
    ] as const) {
      expect(await search(viewer.token)).toEqual({
        rows: [expect.objectContaining({ id: own }) as unknown],
        count: 1,
      })
      expect(await search(viewer.token, { user: String(other.id) })).toEqual({ rows: [], count: 0 })
    }
  })

  it("answers one trial to its author and to admins, and 404 to anyone else's", async () => {
    const store = await createStore(api)
    const agent = await signedIn(api, 'agent')
    const otherAgent = await signedIn(api, 'agent')
    const manager = await signedIn(api, 'manager', store.id)
    const admin = await signedIn(api, 'admin')
    const id = await submit(agent.token, store.id)

    for (const viewer of [agent, admin]) {
      const response = await api.request('GET', `/questionnaire/${id}`, { token: viewer.token })
      expect(response.status).toBe(200)
      const { data } = expectShape(dataEnvelope(trialSchema), response.body)
      expect(data).toMatchObject({ id, user: { id: agent.id }, comment: guidedAnswers() })
    }
    for (const viewer of [otherAgent, manager]) {
      const response = await api.request('GET', `/questionnaire/${id}`, {
        token: viewer.token,
        language: 'en',
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: messages.notFound.message })
    }
    for (const missing of ['2000000000', 'abc', '0', '99999999999']) {
      const response = await api.request('GET', `/questionnaire/${missing}`, {
        token: admin.token,
        language: 'en',
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: messages.notFound.message })
    }
  })

  it('refuses a malformed author or day', async () => {
    const admin = await signedIn(api, 'admin')
    for (const [field, value] of [
      ['user', 'abc'],
      ['user', '0'],
      ['user', '99999999999'],
      ['startAt', '2021-02-30'],
      ['endAt', '10.03.2031'],
      ['endAt', '2021-3-1'],
    ] as const) {
      const response = await api.request(
        'GET',
        `/questionnaire/search?${new URLSearchParams({ [field]: value })}`,
        { token: admin.token, language: 'en' },
      )
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message: messages.invalid.message,
        invalidFields: [{ field, message: messages.invalid.message }],
      })
    }
  })

  it('needs a signed-in user', async () => {
    for (const path of ['/questionnaire/search', '/questionnaire/1']) {
      const response = await api.request('GET', path, { language: 'en' })
      expect(response.status).toBe(401)
      expect(response.body).toMatchObject({ message: 'invalid token' })
    }
  })
})
