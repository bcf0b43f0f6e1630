import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { trialCreatedSchema, trialSchema } from '../../src/contract/trial.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import { countTrials, postTrial, trialsOf } from './support/trial-fixtures.ts'

async function signedIn(api: TestApi, options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(api, options)
  return { ...user, token: await signIn(api, user) }
}

describe.each(databases)('submitting a trial on $name', (database) => {
  const api = useApi(database)

  it('stores a guided trial with its author, store, answers and time, and answers 201', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api)
    const answers = guidedAnswers()
    const before = api.clock.now()
    const response = await postTrial(api, {
      token: agent.token,
      body: { store_id: store.id, comment: answers },
    })
    expect(response.status).toBe(201)
    const body = expectShape(dataEnvelope(trialCreatedSchema), response.body)
    expect(body.message).toBe(messages.trialSaved.message)

    const rows = await trialsOf(api, agent.id)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      id: body.data.id,
      storeId: store.id,
      kind: 'guided',
      answers,
      gender: 'female',
      ageRange: '25-34',
      shopping: 'yes',
      email: 'kupac@example.rs',
      phone: '+381641112233',
    })
    expect(rows[0]?.createdAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
  })

  it('answers the message in the request language', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api)
    const response = await postTrial(api, {
      token: agent.token,
      body: trialBody(store.id),
      language: 'me',
    })
    expect(response.status).toBe(201)
    expect(response.body).toMatchObject({ message: 'Proba je sačuvana.' })
  })

  it("puts a manager's trial at their own store, whatever store_id says", async () => {
    const own = await createStore(api)
    const other = await createStore(api)
    const manager = await signedIn(api, { role: 'manager', expertStoreId: own.id })
    const response = await postTrial(api, {
      token: manager.token,
      body: trialBody(other.id),
    })
    expect(response.status).toBe(201)
    expect((await trialsOf(api, manager.id)).map((row) => row.storeId)).toEqual([own.id])
  })

  it('files a trial finished before the manager changed store at the store where it happened', async () => {
    const first = await createStore(api)
    const second = await createStore(api)
    const manager = await signedIn(api, { role: 'manager' })
    const checkIn = (path: string, storeId: number) =>
      api.request('POST', path, { token: manager.token, body: { storeId } })
    expect((await checkIn('/user/check-in', first.id)).status).toBe(200)
    expect((await checkIn('/user/check-in/update', second.id)).status).toBe(200)
    // Queued offline at the first store, it reaches the server only now.
    const late = await postTrial(api, {
      token: manager.token,
      body: { store_id: first.id, comment: 'late' },
    })
    expect(late.status).toBe(201)
    await api.request('POST', '/user/check-out', { token: manager.token, body: {} })
    const afterCheckOut = await postTrial(api, {
      token: manager.token,
      body: { store_id: second.id, comment: 'after check-out' },
    })
    expect(afterCheckOut.status).toBe(201)
    expect((await trialsOf(api, manager.id)).map((row) => row.storeId)).toEqual([
      first.id,
      second.id,
    ])
  })

  it('refuses a manager without a store, storing nothing', async () => {
    const store = await createStore(api)
    const manager = await signedIn(api, { role: 'manager' })
    const response = await postTrial(api, {
      token: manager.token,
      body: trialBody(store.id),
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: messages.notAssignedToStore.message })
    expect(await trialsOf(api, manager.id)).toEqual([])
  })

  it('needs store_id from anyone but a manager', async () => {
    const agent = await signedIn(api)
    for (const storeId of [undefined, 0, '12', 1.5]) {
      const response = await postTrial(api, {
        token: agent.token,
        body: { store_id: storeId, comment: guidedAnswers() },
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        invalidFields: [{ field: 'store_id', message: expect.any(String) as unknown }],
      })
    }
    const missing = await postTrial(api, { token: agent.token, body: { comment: 'Tekst' } })
    expect(missing.body).toMatchObject({
      message: messages.required.message,
      invalidFields: [{ field: 'store_id', message: messages.required.message }],
    })
    expect(await trialsOf(api, agent.id)).toEqual([])
  })

  it('answers 404 store.notFound for an unknown or archived store', async () => {
    const archived = await createStore(api, { archived: true })
    const admin = await signedIn(api, { role: 'admin' })
    for (const storeId of [archived.id, 2_000_000_000]) {
      const response = await postTrial(api, {
        token: admin.token,
        body: trialBody(storeId),
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: messages.storeNotFound.message })
    }
    expect(await trialsOf(api, admin.id)).toEqual([])
  })

  it('refuses answers that break the contract, naming each field, and stores nothing', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api)
    const before = await countTrials(api)
    const comment = {
      ...guidedAnswers(),
      gender: '',
      habits: 'RMC;',
      referalSource: [],
      email: { email: 'not-an-email', privacyPolicy: true, analizeData: true },
    }
    const response = await postTrial(api, {
      token: agent.token,
      body: { store_id: store.id, comment },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: messages.required.message,
      invalidFields: [
        { field: 'comment.gender', message: messages.required.message },
        { field: 'comment.habits', message: messages.invalid.message },
        { field: 'comment.referalSource', message: messages.required.message },
        { field: 'comment.email.email', message: messages.email.message },
      ],
    })
    // Well formed, but answers the trial's edition (edition 1) does not have.
    const unknown = await postTrial(api, {
      token: agent.token,
      body: {
        store_id: store.id,
        comment: { ...guidedAnswers(), gender: 'other', habits: 'RMC;Cigars' },
      },
    })
    expect(unknown.status).toBe(400)
    expect(unknown.body).toMatchObject({
      invalidFields: [
        { field: 'comment.gender', message: messages.invalid.message },
        { field: 'comment.habits', message: messages.invalid.message },
      ],
    })
    const { gender: _, ...withoutGender } = guidedAnswers()
    const missing = await postTrial(api, {
      token: agent.token,
      body: { store_id: store.id, comment: withoutGender },
    })
    expect(missing.body).toMatchObject({
      message: messages.required.message,
      invalidFields: [{ field: 'comment.gender', message: messages.required.message }],
    })
    for (const comment of [undefined, null, 42, true]) {
      const response = await postTrial(api, {
        token: agent.token,
        body: { store_id: store.id, comment },
      })
      expect(response.status).toBe(400)
      expect(response.body).toHaveProperty('invalidFields.0.field', 'comment')
    }
    expect(await countTrials(api)).toBe(before)
  })

  it('takes the simple screen’s text as the comment and gives it back as text', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api)
    for (const text of ['Kupac je probao Aurum Gold i kupio uređaj.', '12', '{"a":1}']) {
      const response = await postTrial(api, {
        token: agent.token,
        body: { store_id: store.id, comment: `  ${text}  ` },
      })
      expect(response.status).toBe(201)
      const { id } = expectShape(dataEnvelope(trialCreatedSchema), response.body).data
      const read = await api.request('GET', `/questionnaire/${id}`, { token: agent.token })
      expect(expectShape(dataEnvelope(trialSchema), read.body).data.comment).toBe(text)
    }
    const rows = await trialsOf(api, agent.id)
    expect(rows.map((row) => [row.kind, row.gender, row.email])).toEqual([
      ['simple', null, null],
      ['simple', null, null],
      ['simple', null, null],
    ])
  })

  it('refuses an empty or too long text', async () => {
    const store = await createStore(api)
    const agent = await signedIn(api)
    for (const [comment, message] of [
      ['', messages.required.message],
      [' \n ', messages.required.message],
      ['a'.repeat(5001), messages.tooLong.message],
    ] as const) {
      const response = await postTrial(api, {
        token: agent.token,
        body: { store_id: store.id, comment },
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message,
        invalidFields: [{ field: 'comment', message }],
      })
    }
    expect(await trialsOf(api, agent.id)).toEqual([])
  })

  it('refuses a body that is not JSON', async () => {
    const agent = await signedIn(api)
    const response = await api.request('POST', '/free-guided/form', {
      token: agent.token,
      headers: { 'Content-Type': 'application/json' },
      language: 'en',
    })
    expect(response.status).toBe(400)
    const broken = await fetch(`${api.url}/api/v1/free-guided/form`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${agent.token}`,
        'X-APP': 'brand-expert-pwa',
        'Content-Type': 'application/json',
        Language: 'en',
      },
      body: '{"store_id": 1,',
    })
    expect(broken.status).toBe(400)
    expect(await broken.json()).toMatchObject({ message: messages.invalidRequest.message })
  })

  it('needs a signed-in user', async () => {
    const store = await createStore(api)
    const before = await countTrials(api)
    const response = await api.request('POST', '/free-guided/form', {
      body: trialBody(store.id),
      language: 'en',
    })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ message: 'invalid token' })
    expect(await countTrials(api)).toBe(before)
  })
})
