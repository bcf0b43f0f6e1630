import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { trialCreatedSchema, trialListSchema, trialSchema } from '../../src/contract/trial.ts'
import { publicSealKeySchema, type PublicSealKey } from '../../src/contract/trial-seal.ts'
import { loadConfig } from '../../server/config.ts'
import { newSealKey } from '../../scripts/deploy/seal-key.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createStore, createUser, goodPassword, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { guidedAnswers, sealedTrialBody, trialBody } from '../support/trial-body.ts'
import { postTrial, trialsOf } from './support/trial-fixtures.ts'

const customer = guidedAnswers().email

/** The key pairs of a server that rotated: `next` is current, the development key kept after it. */
async function rotatedKeys() {
  const next = await newSealKey('next')
  const development = loadConfig({}).trialSealKeys
  return loadConfig({ TRIAL_SEAL_KEYS: JSON.stringify([next]) }).trialSealKeys.concat(development)
}

async function servedKey(
  api: TestApi,
  authorization: { token?: string; headers?: Record<string, string> },
) {
  const response = await api.request('GET', '/trial-seal-key', authorization)
  expect(response.status).toBe(200)
  return expectShape(dataEnvelope(publicSealKeySchema), response.body).data
}

async function readTrial(api: TestApi, id: number) {
  const admin = await signedIn(api, 'admin')
  const response = await api.request('GET', `/questionnaire/${id}`, { token: admin.token })
  expect(response.status).toBe(200)
  return expectShape(dataEnvelope(trialSchema), response.body).data
}

async function agentAt(api: TestApi) {
  const store = await createStore(api)
  const agent = await createUser(api)
  return { store, agent, token: await signIn(api, agent) }
}

describe.each(databases)('sealed trials on $name', (database) => {
  const api = useApi(database)

  it('serves the public key, without its private part, to users and to device credentials', async () => {
    const { token } = await agentAt(api)
    const key = await servedKey(api, { token })
    expect(key.kid).toBe('development')
    expect(key.jwk).not.toHaveProperty('d')
    const user = await createUser(api)
    const login = await api.request('POST', '/user/login', {
      body: { email: user.email, password: goodPassword, device_id: randomUUID() },
    })
    const credential = (login.body as { data: { device_credential: string } }).data
      .device_credential
    const byDevice = await servedKey(api, { headers: { Authorization: `Device ${credential}` } })
    expect(byDevice).toEqual(key)
    expect((await api.request('GET', '/trial-seal-key')).status).toBe(401)
  })

  it('opens a sealed contact and stores it in the clear: the survey view and the search show it', async () => {
    const { store, agent, token } = await agentAt(api)
    const trialId = randomUUID()
    const body = await sealedTrialBody(store.id, trialId, await servedKey(api, { token }))
    expect(JSON.stringify(body)).not.toContain(customer.email)
    expect(JSON.stringify(body)).not.toContain(customer.phone)

    const first = await postTrial(api, { token, body, key: trialId })
    expect(first.status).toBe(201)
    const { id } = expectShape(dataEnvelope(trialCreatedSchema), first.body).data
    const trial = await readTrial(api, id)
    expect(trial.comment).toMatchObject({ email: customer })
    expect(trial.comment).not.toHaveProperty('sealed_contact')

    const admin = await signedIn(api, 'admin')
    const search = await api.request('GET', `/questionnaire/search?user=${agent.id}`, {
      token: admin.token,
    })
    const { rows } = expectShape(dataEnvelope(trialListSchema), search.body).data
    expect(rows.find((row) => row.id === id)?.comment).toMatchObject({ email: customer })

    // The retry of the same sealed body is the same trial.
    const again = await postTrial(api, { token, body, key: trialId })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(expectShape(dataEnvelope(trialCreatedSchema), again.body).data.id).toBe(id)
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('refuses an altered seal, one sent under another trial id or none, and an unknown key (400)', async () => {
    const { store, agent, token } = await agentAt(api)
    const trialId = randomUUID()
    const body = await sealedTrialBody(store.id, trialId, await servedKey(api, { token }))
    const sealed = body.sealed_contact
    if (!sealed) throw new Error('not sealed')
    const flipped = `${sealed.ciphertext.startsWith('A') ? 'B' : 'A'}${sealed.ciphertext.slice(1)}`
    const cases = [
      {
        body: { ...body, sealed_contact: { ...sealed, ciphertext: flipped } },
        key: trialId,
        code: messages.trialSealBroken,
      },
      { body, key: randomUUID(), code: messages.trialSealBroken },
      { body, key: undefined, code: messages.trialSealBroken },
      {
        body: { ...body, sealed_contact: { ...sealed, kid: 'retired' } },
        key: trialId,
        code: messages.trialSealKeyUnknown,
      },
    ]
    for (const sent of cases) {
      const response = await postTrial(api, { token, body: sent.body, key: sent.key })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ code: sent.code.id, message: sent.code.message })
    }
    expect(await trialsOf(api, agent.id)).toHaveLength(0)
  })

  it('validates the opened contact as one sent in the clear', async () => {
    const { store, token } = await agentAt(api)
    const trialId = randomUUID()
    const answers = guidedAnswers()
    const comment = { ...answers, email: { ...answers.email, email: 'not an email' } }
    const body = await sealedTrialBody(store.id, trialId, await servedKey(api, { token }), comment)
    const response = await postTrial(api, { token, body, key: trialId })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      invalidFields: [{ field: 'comment.email.email', message: messages.email.message }],
    })
  })

  it('still takes trials of older versions with the contact in the clear', async () => {
    const { store, token } = await agentAt(api)
    for (const version of [undefined, 2]) {
      const body = { ...trialBody(store.id), contract_version: version }
      const response = await postTrial(api, { token, body, key: randomUUID() })
      expect(response.status).toBe(201)
      const { id } = expectShape(dataEnvelope(trialCreatedSchema), response.body).data
      expect((await readTrial(api, id)).comment).toMatchObject({ email: customer })
    }
  })
})

const rotated = await rotatedKeys()

describe.each(databases)('a rotated seal key on $name', (database) => {
  const api = useApi(database, { trialSealKeys: rotated })

  it('serves the new key and still opens trials sealed to the previous one', async () => {
    const { store, token } = await agentAt(api)
    const current = await servedKey(api, { token })
    expect(current.kid).toBe('next')
    const previous: PublicSealKey = loadConfig({}).trialSealKeys[0]?.publicKey ?? current
    for (const key of [current, previous]) {
      const trialId = randomUUID()
      const body = await sealedTrialBody(store.id, trialId, key)
      const response = await postTrial(api, { token, body, key: trialId })
      expect(response.status).toBe(201)
      const { id } = expectShape(dataEnvelope(trialCreatedSchema), response.body).data
      expect((await readTrial(api, id)).comment).toMatchObject({ email: customer })
    }
  })
})
