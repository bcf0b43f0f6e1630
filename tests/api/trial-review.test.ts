import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  languageHeader,
} from '../../src/contract/http.ts'
import { dashboardSchema } from '../../src/contract/reports.ts'
import { revisionRefSchema } from '../../src/contract/review-requests.ts'
import { decisionListSchema } from '../../src/contract/trial-decisions.ts'
import { trialCreatedSchema, trialDetailSchema, trialListSchema } from '../../src/contract/trial.ts'
import { customerTrialListSchema } from '../../src/contract/customers.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createCustomer } from './support/customer-fixtures.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { postTrial } from './support/trial-fixtures.ts'

/** A trial posted by a new agent at a new store, in a day of its own; its key kept for a replay. */
async function postedTrial(
  api: TestApi,
  day: string,
  email = `proba.${randomUUID().slice(0, 6)}@example.rs`,
) {
  // Everything after happens that day: sign-ins too, so their sessions are valid then.
  api.clock.reset()
  api.clock.advance(Date.parse(`${day}T10:05:00.000Z`) - Date.now())
  const store = await createStore(api)
  const agent = await createUser(api)
  const token = await signIn(api, agent)
  const answers = guidedAnswers()
  answers.email = { ...answers.email, email }
  answers.shopping = 'yes'
  const body = { ...trialBody(store.id, answers), finished_at: `${day}T10:00:00.000Z` }
  const key = randomUUID()
  const response = await postTrial(api, { token, body, key })
  expect(response.status).toBe(201)
  const { id } = expectShape(dataEnvelope(trialCreatedSchema), response.body).data
  return { id, store, agent, token, body, key, answers }
}

describe.each(databases)('review and correction of trials on $name', (database) => {
  const api = useApi(database)

  const admin = async () => (await signedIn(api, 'admin')).token
  const detail = async (id: number, token: string) => {
    const response = await api.request('GET', `/questionnaire/${id}`, { token })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(trialDetailSchema), response.body).data
  }
  const post = (path: string, token: string, body: unknown) =>
    api.request('POST', path, {
      token,
      body,
      language: 'en',
      headers: { 'Idempotency-Key': randomUUID() },
    })

  async function dashboardOn(day: string, token: string) {
    const response = await api.request('GET', `/report/dashboard?startAt=${day}&endAt=${day}`, {
      token,
    })
    return expectShape(dataEnvelope(dashboardSchema), response.body).data
  }

  async function csvOn(day: string, token: string, includeRejected = false) {
    const response = await fetch(`${api.url}${apiBasePath}/report/generate`, {
      method: 'POST',
      headers: {
        [appHeader]: appId,
        [languageHeader]: 'en',
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({ type: 'trials', startAt: day, endAt: day, includeRejected }),
    })
    expect(response.status).toBe(200)
    return (await response.text()).split('\n').filter((line) => /^\d/.test(line))
  }

  it('rejects a duplicate: left out of the dashboard and the export, kept with its state on request, and the author sees why', async () => {
    const day = '2031-02-03'
    const trial = await postedTrial(api, day)
    const token = await admin()
    expect((await dashboardOn(day, token)).trialsPerDay).toEqual([{ day, count: 1 }])
    expect(await csvOn(day, token)).toHaveLength(1)

    const rejected = await post('/questionnaire/review', token, {
      id: trial.id,
      revision: 1,
      state: 'rejected',
      reason: 'duplicate',
    })
    expect(rejected.status).toBe(200)
    expect(expectShape(dataEnvelope(revisionRefSchema), rejected.body)).toMatchObject({
      data: { id: trial.id, revision: 2 },
      message: 'The decision is saved.',
    })

    const read = await detail(trial.id, token)
    expect(read.review).toMatchObject({ state: 'rejected', reason: 'duplicate', comment: null })
    expect(read.revision).toBe(2)
    expect(read.revisions.map((one) => [one.revision, one.kind, one.state])).toEqual([
      [1, 'received', null],
      [2, 'review', 'rejected'],
    ])
    expect((await dashboardOn(day, token)).trialsPerDay).toEqual([])
    expect(await csvOn(day, token)).toEqual([])
    const withRejected = await csvOn(day, token, true)
    expect(withRejected).toHaveLength(1)
    expect(withRejected[0]).toContain('Rejected: Duplicate')

    const decisions = await api.request('GET', `/questionnaire/decisions?ids=${trial.id},1`, {
      token: trial.token,
    })
    expect(expectShape(dataEnvelope(decisionListSchema), decisions.body).data).toEqual([
      { id: trial.id, state: 'rejected', reason: 'duplicate', corrected: null },
    ])
    // Another's trial is none of theirs.
    const other = await signIn(api, await createUser(api))
    const none = await api.request('GET', `/questionnaire/decisions?ids=${trial.id}`, {
      token: other,
    })
    expect(expectShape(dataEnvelope(decisionListSchema), none.body).data).toEqual([])
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `trial:${trial.id}`))
    expect(entry).toMatchObject({
      action: 'trial.review',
      detail: 'revision 2: rejected duplicate',
    })
  })

  it("a rejected trial leaves the customer's trials tab", async () => {
    const customer = await createCustomer(api)
    const trial = await postedTrial(api, '2031-02-04', customer.email ?? '')
    const token = await admin()
    const tab = async () => {
      const response = await api.request('GET', `/customer/${customer.id}/trials`, { token })
      return expectShape(dataEnvelope(customerTrialListSchema), response.body).data.count
    }
    expect(await tab()).toBe(1)
    await post('/questionnaire/review', token, {
      id: trial.id,
      revision: 1,
      state: 'rejected',
      reason: 'test',
    })
    expect(await tab()).toBe(0)
  })

  it('corrects the store and an answer as a new revision, keeps the original, and a late replay answers the stored trial', async () => {
    const trial = await postedTrial(api, '2031-02-05')
    const rightStore = await createStore(api)
    const token = await admin()
    const corrected = await post('/questionnaire/correct', token, {
      id: trial.id,
      revision: 1,
      changes: { store_id: rightStore.id, comment: { gender: 'male', goldComment: 'Preslab' } },
      reason: 'wrong-store',
    })
    expect(corrected.status).toBe(200)
    const read = await detail(trial.id, token)
    expect(read.store.id).toBe(rightStore.id)
    expect(read.comment).toMatchObject({ gender: 'male', goldComment: 'Preslab' })
    expect(read.original).toMatchObject({
      storeId: trial.store.id,
      comment: { gender: trial.answers.gender },
    })
    expect(read.revisions.at(-1)).toMatchObject({
      revision: 2,
      kind: 'correction',
      reason: 'wrong-store',
      changes: { store_id: rightStore.id, comment: { gender: 'male', goldComment: 'Preslab' } },
    })
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `trial:${trial.id}`))
    expect(entry?.detail).toBe(
      'revision 2: wrong-store; store_id,comment.gender,comment.goldComment',
    )
    expect(entry?.detail).not.toContain('Preslab')

    // The tablet that sent it never heard the answer, and sends it again.
    const replay = await postTrial(api, { token: trial.token, body: trial.body, key: trial.key })
    expect(replay.status).toBe(201)
    expect(expectShape(dataEnvelope(trialCreatedSchema), replay.body).data.id).toBe(trial.id)
    expect((await detail(trial.id, token)).store.id).toBe(rightStore.id)
    const decisions = await api.request('GET', `/questionnaire/decisions?ids=${trial.id}`, {
      token: trial.token,
    })
    expect(expectShape(dataEnvelope(decisionListSchema), decisions.body).data).toEqual([
      { id: trial.id, state: 'unreviewed', reason: null, corrected: 'wrong-store' },
    ])
    // The queue finds it by store.
    const byStore = await api.request('GET', `/questionnaire/search?store=${rightStore.id}`, {
      token,
    })
    const rows = expectShape(dataEnvelope(trialListSchema), byStore.body).data.rows
    expect(rows.map((row) => row.id)).toEqual([trial.id])
  })

  it('two admins at once: one decides, the other is told and nothing is lost', async () => {
    const trial = await postedTrial(api, '2031-02-06')
    const [first, second] = await Promise.all([admin(), admin()])
    const answers = await Promise.all([
      post('/questionnaire/review', first, { id: trial.id, revision: 1, state: 'accepted' }),
      post('/questionnaire/review', second, {
        id: trial.id,
        revision: 1,
        state: 'rejected',
        reason: 'test',
      }),
    ])
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const refused = answers.find((answer) => answer.status === 409)
    expect(refused?.body).toMatchObject({
      message: 'Someone else changed this trial meanwhile. Here is its new state: decide again.',
    })
    const read = await detail(trial.id, first)
    expect(read.revision).toBe(2)
    expect(read.revisions).toHaveLength(2)
    // The one told decides again on the new revision.
    const again = await post('/questionnaire/review', second, {
      id: trial.id,
      revision: 2,
      state: 'rejected',
      reason: 'other',
      comment: 'Obuka novog eksperta',
    })
    expect(again.status).toBe(200)
    expect((await detail(trial.id, first)).review).toMatchObject({
      state: 'rejected',
      reason: 'other',
      comment: 'Obuka novog eksperta',
    })
  })

  it('refuses a decision or a correction that is incomplete or makes an invalid trial', async () => {
    const trial = await postedTrial(api, '2031-02-07')
    const token = await admin()
    const noReason = await post('/questionnaire/review', token, {
      id: trial.id,
      revision: 1,
      state: 'rejected',
    })
    expect(noReason.status).toBe(400)
    expect(noReason.body).toMatchObject({ invalidFields: [{ field: 'reason' }] })
    const noComment = await post('/questionnaire/review', token, {
      id: trial.id,
      revision: 1,
      state: 'rejected',
      reason: 'other',
    })
    expect(noComment.body).toMatchObject({ invalidFields: [{ field: 'comment' }] })
    const invalid = await post('/questionnaire/correct', token, {
      id: trial.id,
      revision: 1,
      changes: { comment: { gender: 'unknown' } },
      reason: 'typo',
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({ invalidFields: [{ field: 'comment.gender' }] })
    const noStore = await post('/questionnaire/correct', token, {
      id: trial.id,
      revision: 1,
      changes: { store_id: 2_000_000_000 },
      reason: 'wrong-store',
    })
    expect(noStore.status).toBe(404)
    const read = await detail(trial.id, token)
    expect(read.revision).toBe(1)
    expect(read.revisions).toHaveLength(1)
    // Experts and managers neither decide nor correct.
    const agent = trial.token
    const body = { id: trial.id, revision: 1, state: 'accepted' }
    expect((await post('/questionnaire/review', agent, body)).status).toBe(403)
  })

  it("flags a trial at a store other than its author's own, and the search finds it", async () => {
    const day = '2031-02-08'
    api.clock.reset()
    api.clock.advance(Date.parse(`${day}T10:05:00.000Z`) - Date.now())
    const own = await createStore(api)
    const other = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: own.id })
    const posted = await postTrial(api, {
      token: await signIn(api, manager),
      body: { ...trialBody(own.id, guidedAnswers()), finished_at: `${day}T10:00:00.000Z` },
      key: randomUUID(),
    })
    expect(posted.status).toBe(201)
    const { id } = expectShape(dataEnvelope(trialCreatedSchema), posted.body).data
    // An agent has no store of their own: nothing of theirs is flagged for its store.
    const agents = await postedTrial(api, day)
    const token = await admin()
    const flagged = async (flag: string) => {
      const response = await api.request(
        'GET',
        `/questionnaire/search?flag=${flag}&startAt=${day}&endAt=${day}`,
        { token },
      )
      expect(response.status).toBe(200)
      return expectShape(dataEnvelope(trialListSchema), response.body).data.rows.map(
        (row) => row.id,
      )
    }
    expect(await flagged('store')).toEqual([])

    const corrected = await post('/questionnaire/correct', token, {
      id,
      revision: 1,
      changes: { store_id: other.id },
      reason: 'wrong-store',
    })
    expect(corrected.status).toBe(200)
    expect(await flagged('store')).toEqual([id])
    expect(await flagged('any')).toEqual([id])
    // The trial says so itself, and the agent's does not.
    expect((await detail(id, token)).otherStore).toBe(true)
    expect((await detail(agents.id, token)).otherStore).toBe(false)
    expect(await flagged('store')).not.toContain(agents.id)
  })
})
