import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { dashboardSchema } from '../../src/contract/reports.ts'
import { storeLogListSchema } from '../../src/contract/store-admin.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  appVersionHeader,
  dataEnvelope,
  deviceTimeHeader,
} from '../../src/contract/http.ts'
import { trialCreatedSchema, trialListSchema, trialSchema } from '../../src/contract/trial.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { guidedAnswers, shortAnswers, trialBody } from '../support/trial-body.ts'
import { postTrial } from './support/trial-fixtures.ts'
import bodyOfVersion1 from './fixtures/trial-body-v1.json' with { type: 'json' }

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** The stores' day of an instant, `YYYY-MM-DD`. */
function dayIn(timeZone: string, at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone }).format(at)
}

describe.each(databases)('capture times on $name', (database) => {
  const api = useApi(database)

  async function agentAt() {
    const store = await createStore(api)
    const agent = await createUser(api)
    return { store, agent, token: await signIn(api, agent) }
  }

  /** Sends a trial, with the device's clock at sending when given; answers its id. */
  async function post(token: string, body: unknown, headers: Record<string, string> = {}) {
    const response = await postTrial(api, { token, body, key: randomUUID(), headers })
    expect(response.status).toBe(201)
    return expectShape(dataEnvelope(trialCreatedSchema), response.body).data.id
  }

  /** Sends a trial and answers it as the server reads it back. */
  async function send(token: string, body: unknown, headers: Record<string, string> = {}) {
    return readTrial(api, await post(token, body, headers))
  }

  async function readTrial(testApi: TestApi, id: number) {
    const admin = await signedIn(testApi, 'admin')
    const response = await testApi.request('GET', `/questionnaire/${id}`, { token: admin.token })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(trialSchema), response.body).data
  }

  it('dates a trial finished two days ago by its finish: search, dashboard and report', async () => {
    const { store, agent, token } = await agentAt()
    const now = api.clock.now()
    const finished = new Date(now.getTime() - 2 * day)
    const trial = await send(
      token,
      {
        ...trialBody(store.id),
        finished_at: finished.toISOString(),
        clock_offset_ms: 0,
        clock_offset_at: new Date(finished.getTime() - 5 * minute).toISOString(),
        contract_version: 2,
      },
      { [deviceTimeHeader]: now.toISOString(), [appVersionHeader]: '1.4.0+a1b2c3d' },
    )
    expect(trial.capturedAt).toBe(finished.toISOString())
    expect(Date.parse(trial.receivedAt) - now.getTime()).toBeLessThan(hour)
    expect(trial).toMatchObject({
      appVersion: '1.4.0+a1b2c3d',
      captureUncertain: false,
      clockSkewed: false,
      captureImplausible: false,
    })

    const admin = await signedIn(api, 'admin')
    const thatDay = dayIn(api.config.timeZone, finished)
    const today = dayIn(api.config.timeZone, now)
    const search = async (startAt: string) => {
      const query = new URLSearchParams({ user: String(agent.id), startAt, endAt: startAt })
      const response = await api.request('GET', `/questionnaire/search?${query}`, {
        token: admin.token,
      })
      return expectShape(dataEnvelope(trialListSchema), response.body).data.rows.map(
        (row) => row.id,
      )
    }
    expect(await search(thatDay)).toEqual([trial.id])
    expect(await search(today)).toEqual([])

    const dashboardOf = async (at: string) => {
      const response = await api.request('GET', `/report/dashboard?startAt=${at}&endAt=${at}`, {
        token: admin.token,
      })
      return expectShape(dataEnvelope(dashboardSchema), response.body).data
    }
    const thatDays = await dashboardOf(thatDay)
    expect(thatDays.trialsPerStore.find((row) => row.storeId === store.id)?.count).toBe(1)
    expect(thatDays.trialsPerExpert.find((row) => row.userId === agent.id)?.count).toBe(1)
    expect(thatDays.arrival.lateOverHour).toBeGreaterThanOrEqual(1)
    const todays = await dashboardOf(today)
    expect(todays.trialsPerStore.find((row) => row.storeId === store.id)).toBeUndefined()

    const report = async (at: string) => {
      const response = await fetch(`${api.url}${apiBasePath}/report/generate`, {
        method: 'POST',
        headers: {
          [appHeader]: appId,
          Authorization: `Bearer ${admin.token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ type: 'trials', startAt: at, endAt: at }),
      })
      expect(response.status).toBe(200)
      return response.text()
    }
    expect(await report(thatDay)).toContain(store.name)
    expect(await report(today)).not.toContain(store.name)
  })

  it('corrects a clock 3 hours ahead by the offset it knew at Finish, and marks it', async () => {
    const { store, token } = await agentAt()
    const now = api.clock.now()
    const ahead = 3 * hour
    const finished = new Date(now.getTime() - 10 * minute + ahead)
    const trial = await send(
      token,
      {
        ...trialBody(store.id),
        finished_at: finished.toISOString(),
        clock_offset_ms: -ahead,
        clock_offset_at: new Date(finished.getTime() - 30 * minute).toISOString(),
        contract_version: 2,
      },
      { [deviceTimeHeader]: new Date(now.getTime() + ahead).toISOString() },
    )
    expect(trial.capturedAt).toBe(new Date(now.getTime() - 10 * minute).toISOString())
    expect(trial).toMatchObject({ clockSkewed: true, captureUncertain: false })
  })

  it('keeps the offset known at Finish when the clock jumps before sending', async () => {
    const { store, token } = await agentAt()
    const now = api.clock.now()
    // Two days ahead at Finish, then set right by the network before it was sent.
    const ahead = 2 * day
    const finished = new Date(now.getTime() - hour + ahead)
    const trial = await send(
      token,
      {
        ...trialBody(store.id),
        finished_at: finished.toISOString(),
        clock_offset_ms: -ahead,
        clock_offset_at: new Date(finished.getTime() - 2 * hour).toISOString(),
        contract_version: 2,
      },
      { [deviceTimeHeader]: now.toISOString() },
    )
    expect(trial.capturedAt).toBe(new Date(now.getTime() - hour).toISOString())
    expect(trial).toMatchObject({ clockSkewed: true, captureUncertain: false })
  })

  it('falls back to the skew of the sending request when the offset is old, and says so', async () => {
    const { store, token } = await agentAt()
    const now = api.clock.now()
    const behind = 20 * minute
    const finished = new Date(now.getTime() - 3 * hour - behind)
    const sentAt = new Date(now.getTime() - behind)
    const trial = await send(
      token,
      {
        ...trialBody(store.id),
        finished_at: finished.toISOString(),
        clock_offset_ms: 0,
        clock_offset_at: new Date(finished.getTime() - 3 * day).toISOString(),
        contract_version: 2,
      },
      { [deviceTimeHeader]: sentAt.toISOString() },
    )
    // Corrected by the clock's skew when it was sent: received minus its Device-Time.
    const skew = Date.parse(trial.receivedAt) - sentAt.getTime()
    expect(skew).toBeGreaterThanOrEqual(behind)
    expect(trial.capturedAt).toBe(new Date(finished.getTime() + skew).toISOString())
    expect(trial).toMatchObject({ captureUncertain: true, clockSkewed: true })
  })

  it('stores a finish time in the future or over 60 days back as received, never refused', async () => {
    const { store, token } = await agentAt()
    const now = api.clock.now()
    for (const finished of [now.getTime() + 2 * day, now.getTime() - 61 * day]) {
      const trial = await send(
        token,
        {
          ...trialBody(store.id, shortAnswers(finished % 7)),
          finished_at: new Date(finished).toISOString(),
          contract_version: 2,
        },
        { [deviceTimeHeader]: now.toISOString() },
      )
      expect(trial.capturedAt).toBe(trial.receivedAt)
      expect(trial).toMatchObject({ captureImplausible: true, captureUncertain: true })
    }
  })

  it("accepts today's body as frozen (version 1), captured when received", async () => {
    const { store, token } = await agentAt()
    const trial = await send(token, { ...bodyOfVersion1, store_id: store.id })
    expect(trial.capturedAt).toBe(trial.receivedAt)
    expect(trial).toMatchObject({
      appVersion: null,
      captureUncertain: false,
      clockSkewed: false,
      captureImplausible: false,
    })
    expect(trial.comment).toEqual(bodyOfVersion1.comment)
  })

  it('refuses a version the server has never shipped, naming the field', async () => {
    const { store, token } = await agentAt()
    const response = await postTrial(api, {
      token,
      body: { ...trialBody(store.id), contract_version: 99 },
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ invalidFields: [{ field: 'contract_version' }] })
  })

  it('marks trials of one store and customer captured within 10 minutes as possible duplicates', async () => {
    const { store, token } = await agentAt()
    const other = await createStore(api)
    const now = api.clock.now()
    const contact = (email: string, phone?: string) => {
      const answers = guidedAnswers()
      return { ...answers, email: { ...answers.email, email, phone } }
    }
    const at = (minutesAgo: number) => ({
      finished_at: new Date(now.getTime() - minutesAgo * minute).toISOString(),
      clock_offset_ms: 0,
      clock_offset_at: new Date(now.getTime() - minutesAgo * minute).toISOString(),
      contract_version: 2,
    })
    const email = `${randomUUID()}@example.rs`
    const first = await send(token, { ...trialBody(store.id, contact(email)), ...at(30) })
    expect(first.possibleDuplicateOf).toBeNull()
    // The same email in other case, 8 minutes later: a possible duplicate, both ways.
    const second = await send(token, {
      ...trialBody(store.id, contact(email.toUpperCase())),
      ...at(22),
    })
    expect(second.possibleDuplicateOf).toBe(first.id)
    expect((await readTrial(api, first.id)).possibleDuplicateOf).toBe(second.id)
    // Another store, or 11 minutes away: not.
    const elsewhere = await send(token, { ...trialBody(other.id, contact(email)), ...at(30) })
    expect(elsewhere.possibleDuplicateOf).toBeNull()
    const later = await send(token, { ...trialBody(store.id, contact(email)), ...at(0) })
    expect(later.possibleDuplicateOf).toBeNull()

    // Two of one turn see each other; by phone too.
    const phone = `+3816${String(Date.now()).slice(-8)}`
    const [a, b] = await Promise.all([
      post(token, { ...trialBody(store.id, contact(`${randomUUID()}@x.rs`, phone)), ...at(50) }),
      post(token, { ...trialBody(store.id, contact(`${randomUUID()}@x.rs`, phone)), ...at(49) }),
    ])
    expect((await readTrial(api, a)).possibleDuplicateOf).toBe(b)
    expect((await readTrial(api, b)).possibleDuplicateOf).toBe(a)
    // Nothing merged or deleted.
    expect(await readTrial(api, first.id)).toMatchObject({ id: first.id })
  })

  it("files a manager's queued trial at the store they were at when it was captured", async () => {
    const earlier = await createStore(api)
    const now = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: now.id })
    const token = await signIn(api, manager)
    const at = api.clock.now().getTime()
    // At the earlier store from 40 to 33 days ago.
    await api.db.insert(storeLogs).values({
      userId: manager.id,
      storeId: earlier.id,
      loginAt: new Date(at - 40 * day),
      logoutAt: new Date(at - 33 * day),
    })
    const finished = new Date(at - 34 * day)
    const queued = await send(token, {
      ...trialBody(earlier.id, 'Proba sa tableta'),
      finished_at: finished.toISOString(),
      clock_offset_ms: 0,
      clock_offset_at: finished.toISOString(),
      contract_version: 2,
    })
    expect(queued.store.id).toBe(earlier.id)
    // Finished now: over 30 days after they left it, so at their store of today.
    const fresh = await send(token, trialBody(earlier.id, 'Proba danas'))
    expect(fresh.store.id).toBe(now.id)
  })

  it('counts a queued trial among the inputs of the store log it was captured in', async () => {
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const token = await signIn(api, manager)
    const at = api.clock.now().getTime()
    await api.db.insert(storeLogs).values({
      userId: manager.id,
      storeId: store.id,
      loginAt: new Date(at - 2 * day - hour),
      logoutAt: new Date(at - 2 * day + hour),
    })
    const finished = new Date(at - 2 * day)
    await send(token, {
      ...trialBody(store.id, 'Proba u smjeni'),
      finished_at: finished.toISOString(),
      clock_offset_ms: 0,
      clock_offset_at: finished.toISOString(),
      contract_version: 2,
    })
    const admin = await signedIn(api, 'admin')
    const response = await api.request('GET', `/store/log?user=${manager.id}&store=${store.id}`, {
      token: admin.token,
    })
    expect(response.status).toBe(200)
    const { rows } = expectShape(dataEnvelope(storeLogListSchema), response.body).data
    const shift = rows.find((row) => row.logoutAt !== null)
    expect(shift?.inputs).toBe(1)
  })
})
