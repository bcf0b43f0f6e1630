import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import {
  quarantineOutcomeListSchema,
  quarantineOutcomeSchema,
} from '../../src/contract/quarantine.ts'
import {
  quarantineDecisionSchema,
  quarantinedDetailSchema,
  quarantinedListSchema,
} from '../../src/contract/quarantine-requests.ts'
import { trialCreatedSchema, trialDetailSchema } from '../../src/contract/trial.ts'
import { publicSealKeySchema } from '../../src/contract/trial-seal.ts'
import { issueDeviceCredential } from '../../server/auth/device-credentials.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { quarantinedTrials } from '../../server/db/schema/quarantine.ts'
import { guidedAnswers, sealedTrialBody, trialBody } from '../support/trial-body.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { trialsOf } from './support/trial-fixtures.ts'
import { byDevice } from './support/device-fixtures.ts'

/** An agent with a tablet: their session and the device credential their sign-in gave it. */
async function agentWithTablet(api: TestApi) {
  const agent = await createUser(api)
  const token = await signIn(api, agent)
  const deviceId = randomUUID()
  const credential = await issueDeviceCredential(api.db, {
    deviceId,
    userId: agent.id,
    now: api.clock.now(),
  })
  return { agent, token, credential, deviceId }
}

describe.each(databases)('the quarantine on $name', (database) => {
  const api = useApi(database)
  const admin = async () => (await signedIn(api, 'admin')).token
  const post = (path: string, token: string, body: unknown, key = randomUUID()) =>
    api.request('POST', path, {
      token,
      body,
      language: 'en',
      headers: { 'Idempotency-Key': key },
    })
  const handOver = (credential: string, body: unknown) =>
    byDevice(api, credential, 'POST', '/device/quarantine', body)

  it('takes only final refusals, keeps the body as received, once per key, from a device credential only', async () => {
    const { agent, token, credential, deviceId } = await agentWithTablet(api)
    const key = randomUUID()
    // As the tablet holds it: fields the contract does not know are kept too.
    const body = { store_id: 2_000_000_000, comment: 'Proba', extra: { nested: [1, 'dva'] } }

    for (const code of ['trial.sealKeyUnknown', 'api.appTooOld', 'api.unavailable', 'nonsense']) {
      const refused = await handOver(credential, { key, body, code })
      expect(refused.status, code).toBe(400)
    }
    const first = await handOver(credential, { key, body, code: 'store.notFound' })
    expect(first.status).toBe(201)
    const held = expectShape(dataEnvelope(quarantineOutcomeSchema), first.body).data
    expect(held).toMatchObject({ key, state: 'waiting', trialId: null, reason: null })
    const again = await handOver(credential, { key, body, code: 'store.notFound' })
    expect(expectShape(dataEnvelope(quarantineOutcomeSchema), again.body).data.id).toBe(held.id)

    const rows = await api.db
      .select()
      .from(quarantinedTrials)
      .where(eq(quarantinedTrials.userId, agent.id))
    expect(rows).toHaveLength(1)
    expect(rows[0]?.body).toEqual(body)
    expect(rows[0]?.code).toBe('store.notFound')

    // A session is not a tablet: only the device credential hands over.
    const bySession = await post('/device/quarantine', token, { key, body, code: 'store.notFound' })
    expect(bySession.status).toBe(403)
    // The administration's list is the administration's.
    expect((await api.request('GET', '/questionnaire/quarantine', { token })).status).toBe(403)
    const listed = await api.request('GET', `/questionnaire/quarantine?user=${agent.id}`, {
      token: await admin(),
    })
    const list = expectShape(dataEnvelope(quarantinedListSchema), listed.body).data
    expect(list.rows.map((row) => row.id)).toEqual([held.id])
    expect(list.rows[0]).toMatchObject({ code: 'store.notFound', store: null, state: 'waiting' })
    // By the tablet that handed it over, as the Devices screen links to it.
    for (const [device, ids] of [
      [deviceId, [held.id]],
      [randomUUID(), []],
    ] as const) {
      const byTablet = await api.request('GET', `/questionnaire/quarantine?device=${device}`, {
        token: await admin(),
      })
      const found = expectShape(dataEnvelope(quarantinedListSchema), byTablet.body).data
      expect(found.rows.map((row) => row.id)).toEqual(ids)
    }
  })

  it('accepts a corrected item as the one trial for its key: a retry of the key answers it, and a second decision is told', async () => {
    const { agent, token, credential } = await agentWithTablet(api)
    const store = await createStore(api)
    const key = randomUUID()
    const queued = trialBody(2_000_000_000, guidedAnswers())
    const refused = await callApi(api.url, 'POST', '/free-guided/form', {
      body: queued,
      language: 'en',
      headers: { Authorization: `Device ${credential}`, 'Idempotency-Key': key },
    })
    expect(refused.status).toBe(404)
    const held = expectShape(
      dataEnvelope(quarantineOutcomeSchema),
      (await handOver(credential, { key, body: queued, code: 'store.notFound' })).body,
    ).data

    const adminToken = await admin()
    const accept = { id: held.id, changes: { store_id: store.id }, reason: 'wrong-store' }
    const decisionKey = randomUUID()
    const accepted = await post('/questionnaire/accept', adminToken, accept, decisionKey)
    expect(accepted.status).toBe(200)
    const decision = expectShape(dataEnvelope(quarantineDecisionSchema), accepted.body).data
    expect(decision).toMatchObject({ id: held.id, state: 'accepted' })
    // The same request again (a double click): the same answer, nothing more.
    const repeated = await post('/questionnaire/accept', adminToken, accept, decisionKey)
    expect(repeated.body).toEqual(accepted.body)
    // Another decision (a second admin) is told someone decided.
    const second = await post('/questionnaire/reject', adminToken, { id: held.id, reason: 'test' })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({ code: 'quarantine.decided' })

    const stored = await trialsOf(api, agent.id)
    expect(stored.map((row) => row.id)).toEqual([decision.trialId])
    expect(stored[0]).toMatchObject({ storeId: store.id, idempotencyKey: key })
    // The tablet's retry of the key, with the body it holds, answers the trial.
    const retry = await callApi(api.url, 'POST', '/free-guided/form', {
      body: queued,
      language: 'en',
      headers: { Authorization: `Device ${credential}`, 'Idempotency-Key': key },
    })
    expect(retry.status).toBe(201)
    expect(expectShape(dataEnvelope(trialCreatedSchema), retry.body).data.id).toBe(decision.trialId)
    expect(await trialsOf(api, agent.id)).toHaveLength(1)

    // The trial's history says who accepted it; the author reads the outcome by key.
    const trial = await api.request('GET', `/questionnaire/${decision.trialId}`, {
      token: adminToken,
    })
    const detail = expectShape(dataEnvelope(trialDetailSchema), trial.body).data
    expect(detail.review.state).toBe('accepted')
    expect(detail.revisions.map((revision) => revision.kind)).toEqual(['received', 'review'])
    const outcomes = await api.request('GET', `/device/quarantine?keys=${key}`, { token })
    expect(expectShape(dataEnvelope(quarantineOutcomeListSchema), outcomes.body).data).toEqual([
      { key, id: held.id, state: 'accepted', trialId: decision.trialId, reason: null },
    ])
    const audited = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `quarantine:${held.id}`))
    expect(audited.map((entry) => [entry.action, entry.detail])).toEqual([
      ['quarantine.accept', `trial ${decision.trialId}: wrong-store; store_id`],
    ])
  })

  it('refuses an acceptance the server would refuse as a trial, and keeps the item waiting', async () => {
    const { credential } = await agentWithTablet(api)
    const body = trialBody(2_000_000_000)
    const held = expectShape(
      dataEnvelope(quarantineOutcomeSchema),
      (await handOver(credential, { key: randomUUID(), body, code: 'store.notFound' })).body,
    ).data
    const adminToken = await admin()
    const noStore = await post('/questionnaire/accept', adminToken, {
      id: held.id,
      changes: {},
      reason: 'typo',
    })
    expect(noStore.status).toBe(404)
    expect(noStore.body).toMatchObject({ code: 'store.notFound' })
    const invalid = await post('/questionnaire/accept', adminToken, {
      id: held.id,
      changes: { store_id: 'Beograd' },
      reason: 'typo',
    })
    expect(invalid.status).toBe(400)
    const [row] = await api.db
      .select()
      .from(quarantinedTrials)
      .where(eq(quarantinedTrials.id, held.id))
    expect(row?.state).toBe('waiting')
  })

  it("rejects with a reason; the author reads it back, another's keys are left out", async () => {
    const { token, credential } = await agentWithTablet(api)
    const other = await agentWithTablet(api)
    const key = randomUUID()
    const held = expectShape(
      dataEnvelope(quarantineOutcomeSchema),
      (await handOver(credential, { key, body: trialBody(1), code: 'validation.invalid' })).body,
    ).data
    const rejected = await post('/questionnaire/reject', await admin(), {
      id: held.id,
      reason: 'other',
      comment: 'Obuka novog eksperta',
    })
    expect(rejected.status).toBe(200)
    expect(expectShape(dataEnvelope(quarantineDecisionSchema), rejected.body).data).toEqual({
      id: held.id,
      state: 'rejected',
      trialId: null,
    })
    const mine = await byDevice(api, credential, 'GET', `/device/quarantine?keys=${key}`)
    expect(expectShape(dataEnvelope(quarantineOutcomeListSchema), mine.body).data).toEqual([
      { key, id: held.id, state: 'rejected', trialId: null, reason: 'other' },
    ])
    const theirs = await api.request('GET', `/device/quarantine?keys=${key}`, {
      token: other.token,
    })
    expect(expectShape(dataEnvelope(quarantineOutcomeListSchema), theirs.body).data).toEqual([])
    // A list that holds something other than keys is refused whole, with the field named.
    for (const keys of [`${key},${'-'.repeat(36)}`, Array(101).fill(key).join(',')]) {
      const refused = await byDevice(api, credential, 'GET', `/device/quarantine?keys=${keys}`)
      expect(refused.status).toBe(400)
      expect(refused.body).toMatchObject({ invalidFields: [{ field: 'keys' }] })
    }
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `quarantine:${held.id}`))
    // The code only: the comment stays with the item.
    expect(entry).toMatchObject({ action: 'quarantine.reject', detail: 'other' })
    expect(token).not.toBe(other.token)
  })

  it('opens a sealed contact for the admin, and an erasure of that contact reaches the item', async () => {
    const { token, credential } = await agentWithTablet(api)
    const keyResponse = await api.request('GET', '/trial-seal-key', { token })
    const sealKey = expectShape(dataEnvelope(publicSealKeySchema), keyResponse.body).data
    const email = `karantin.${randomUUID().slice(0, 8)}@example.rs`
    const answers = guidedAnswers()
    answers.email = { ...answers.email, email }
    const key = randomUUID()
    const body = await sealedTrialBody(2_000_000_000, key, sealKey, answers)
    const held = expectShape(
      dataEnvelope(quarantineOutcomeSchema),
      (await handOver(credential, { key, body, code: 'store.notFound' })).body,
    ).data
    const adminToken = await admin()
    const read = await api.request('GET', `/questionnaire/quarantine/${held.id}`, {
      token: adminToken,
    })
    const item = expectShape(dataEnvelope(quarantinedDetailSchema), read.body).data
    expect(JSON.stringify(item.body)).not.toContain(email)
    expect(item.opened).toMatchObject({ comment: { email: { email } } })

    const erased = await post('/customer/erase', adminToken, { email, reason: 'request' })
    expect(erased.status).toBe(200)
    const [row] = await api.db
      .select()
      .from(quarantinedTrials)
      .where(eq(quarantinedTrials.id, held.id))
    expect(row?.anonymisedAt).not.toBeNull()
    expect(row?.email).toBeNull()
    expect(JSON.stringify(row?.body)).not.toContain('sealed_contact')
    expect(row?.body).toMatchObject({ comment: { gender: answers.gender } })
  })
})
