import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { ConsentRecord } from '../../src/contract/consents.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { trialCreatedSchema, trialDetailSchema } from '../../src/contract/trial.ts'
import { trialConsents } from '../../server/db/schema/trials.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { guidedAnswers, shortAnswers, trialBody } from '../support/trial-body.ts'
import { countTrials, postTrial } from './support/trial-fixtures.ts'

/** The consents as the wizard records them: one ticked by the app, one by the person. */
const recorded: ConsentRecord[] = [
  {
    consent: 'privacyPolicy',
    given: true,
    ticked_by: 'app',
    text_id: '0123456789abcdef',
    locale: 'sr',
  },
  {
    consent: 'analizeData',
    given: true,
    ticked_by: 'person',
    text_id: 'fedcba9876543210',
    locale: 'en',
  },
]

async function signedInAgent(api: TestApi) {
  const agent = await createUser(api)
  return { ...agent, token: await signIn(api, agent) }
}

async function submitted(api: TestApi, token: string, body: unknown): Promise<number> {
  const response = await postTrial(api, { token, body, key: crypto.randomUUID() })
  expect(response.status).toBe(201)
  return expectShape(dataEnvelope(trialCreatedSchema), response.body).data.id
}

async function consentsShown(api: TestApi, token: string, id: number) {
  const response = await api.request('GET', `/questionnaire/${id}`, { token })
  expect(response.status).toBe(200)
  return expectShape(dataEnvelope(trialDetailSchema), response.body).data.consents
}

describe.each(databases)('the consents of a trial on $name', (database) => {
  const api = useApi(database)

  it('stores each consent as recorded, with the trial, and the trial answers them', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const id = await submitted(api, agent.token, { ...trialBody(store.id), consents: recorded })
    expect(await consentsShown(api, agent.token, id)).toEqual([
      {
        consent: 'privacyPolicy',
        given: true,
        tickedBy: 'app',
        textId: '0123456789abcdef',
        locale: 'sr',
      },
      {
        consent: 'analizeData',
        given: true,
        tickedBy: 'person',
        textId: 'fedcba9876543210',
        locale: 'en',
      },
    ])
  })

  it("stores an older app's guided trial with a contact, sent without consents, as unknown", async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const id = await submitted(api, agent.token, trialBody(store.id))
    expect(await consentsShown(api, agent.token, id)).toEqual([
      { consent: 'privacyPolicy', given: true, tickedBy: 'unknown', textId: null, locale: null },
      { consent: 'analizeData', given: true, tickedBy: 'unknown', textId: null, locale: null },
    ])
  })

  it('has no consents for a trial without an email or a phone, or a simple trial', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const noContact = await submitted(api, agent.token, trialBody(store.id, shortAnswers(1)))
    const simple = await submitted(api, agent.token, trialBody(store.id, 'A short note'))
    expect(await consentsShown(api, agent.token, noContact)).toEqual([])
    expect(await consentsShown(api, agent.token, simple)).toEqual([])
  })

  it('keeps the consents of trials stored in the same moment apart', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const bodies = Array.from({ length: 6 }, (_, index) => {
      const body = trialBody(store.id, { ...guidedAnswers(), gender: 'male' as const })
      if (index % 2 === 0) return body
      const given = index % 3 === 0
      return {
        ...body,
        consents: recorded.map((record) => ({ ...record, given, ticked_by: 'person' as const })),
      }
    })
    const ids = await Promise.all(bodies.map((body) => submitted(api, agent.token, body)))
    for (const [index, id] of ids.entries()) {
      const consents = await consentsShown(api, agent.token, id)
      const expected =
        index % 2 === 0
          ? { given: true, tickedBy: 'unknown' }
          : { given: index % 3 === 0, tickedBy: 'person' }
      expect(consents).toHaveLength(2)
      for (const consent of consents) expect(consent).toMatchObject(expected)
    }
  })

  it('refuses consents that break the contract, naming the field, and stores nothing', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const before = await countTrials(api)
    const [first] = recorded
    const broken = [
      [first, first],
      [{ ...first, text_id: 'not a hash' }],
      [{ ...first, ticked_by: 'proof' }],
      [{ ...first, locale: 'de' }],
      'yes',
    ]
    for (const consents of broken) {
      const response = await postTrial(api, {
        token: agent.token,
        body: { ...trialBody(store.id), consents },
      })
      expect(response.status).toBe(400)
      expect(JSON.stringify(response.body)).toContain('consents')
    }
    expect(await countTrials(api)).toBe(before)
    const rows = await api.db.select().from(trialConsents)
    expect(rows.filter((row) => row.textId === 'not a hash')).toEqual([])
  })

  it('stores the consents once for a trial sent twice under one key', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const key = crypto.randomUUID()
    const body = { ...trialBody(store.id), consents: recorded }
    const first = await postTrial(api, { token: agent.token, body, key })
    const again = await postTrial(api, { token: agent.token, body, key })
    expect(first.status).toBe(201)
    expect(again.status).toBe(201)
    const { id } = expectShape(dataEnvelope(trialCreatedSchema), first.body).data
    const rows = await api.db.select().from(trialConsents).where(eq(trialConsents.trialId, id))
    expect(rows).toHaveLength(2)
  })
})
