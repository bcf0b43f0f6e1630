import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  idempotencyHeader,
  idempotentReplayedHeader,
} from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { trialCreatedSchema } from '../../src/contract/trial.ts'
import { forgetExpiredKeys, keyLockName } from '../../server/http/idempotency.ts'
import { captureOf } from '../../server/routes/trials/capture-time.ts'
import { createTrialOnce } from '../../server/routes/trials/create-once.ts'
import { HttpError } from '../../server/http-error.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { trialBody } from '../support/trial-body.ts'
import { keysOf, postTrial, trialsOf } from './support/trial-fixtures.ts'

const day = 24 * 60 * 60 * 1000

async function signedInAgent(api: TestApi) {
  const agent = await createUser(api)
  return { ...agent, token: await signIn(api, agent) }
}

describe.each(databases)('Idempotency-Key on $name', (database) => {
  const api = useApi(database)

  it('stores one trial for a key sent twice, and answers the first answer again', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const key = randomUUID()
    const first = await postTrial(api, { token: agent.token, body: trialBody(store.id), key })
    expect(first.status).toBe(201)
    expect(first.headers.get(idempotentReplayedHeader)).toBeNull()
    const { data } = expectShape(dataEnvelope(trialCreatedSchema), first.body)

    // The same body written another way (keys in another order), in another language.
    const { store_id, comment } = trialBody(store.id)
    const again = await postTrial(api, {
      token: agent.token,
      body: { comment, store_id },
      key,
      language: 'me',
    })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    expect(again.headers.get(idempotentReplayedHeader)).toBe('true')

    expect((await trialsOf(api, agent.id)).map((row) => row.id)).toEqual([data.id])
    expect(await keysOf(api, agent.id)).toMatchObject([
      { key, status: 'done', responseStatus: 201, responseBody: first.body },
    ])
  })

  it('takes the key bare or quoted, in either case, as one key', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const key = randomUUID()
    const body = trialBody(store.id)
    const first = await postTrial(api, { token: agent.token, body, key: `"${key}"` })
    expect(first.status).toBe(201)
    for (const form of [key, key.toUpperCase(), ` "${key.toUpperCase()}" `]) {
      const again = await postTrial(api, { token: agent.token, body, key: form })
      expect(again.body).toEqual(first.body)
    }
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('answers 422 for a key used before with another body, storing nothing more', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const key = randomUUID()
    const body = trialBody(store.id)
    expect((await postTrial(api, { token: agent.token, body, key })).status).toBe(201)
    for (const other of [
      { ...body, comment: { ...body.comment, gender: 'male' } },
      { ...body, comment: 'Drugi tekst' },
    ]) {
      const response = await postTrial(api, { token: agent.token, body: other, key })
      expect(response.status).toBe(422)
      expect(response.body).toMatchObject({ message: messages.idempotencyKeyReused.message })
    }
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('answers 400 for a key that is not a UUID, storing nothing', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    for (const key of ['', 'abc', '12345', `${randomUUID()}x`, `"${randomUUID()}`]) {
      const response = await postTrial(api, { token: agent.token, body: trialBody(store.id), key })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ message: messages.idempotencyKeyInvalid.message })
    }
    expect(await trialsOf(api, agent.id)).toEqual([])
    expect(await keysOf(api, agent.id)).toEqual([])
  })

  it('stores a trial whose body holds, beside its fields, something nested very deep', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    // Written by hand: JSON.stringify cannot write 50,000 levels.
    const deep = `${'['.repeat(50_000)}"end"${']'.repeat(50_000)}`
    const text = JSON.stringify(trialBody(store.id)).replace(/}$/, `,"extra":${deep}}`)
    const key = randomUUID()
    const post = () =>
      fetch(`${api.url}${apiBasePath}/free-guided/form`, {
        method: 'POST',
        headers: {
          [appHeader]: appId,
          Authorization: `Bearer ${agent.token}`,
          'Content-Type': 'application/json',
          [idempotencyHeader]: key,
        },
        body: text,
      })
    const first = await post()
    expect(first.status).toBe(201)
    const again = await post()
    expect(again.status).toBe(201)
    expect(again.headers.get(idempotentReplayedHeader)).toBe('true')
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it("keeps each user's keys apart: another user's same key is their own", async () => {
    const store = await createStore(api)
    const first = await signedInAgent(api)
    const second = await signedInAgent(api)
    const key = randomUUID()
    const body = trialBody(store.id)
    const one = await postTrial(api, { token: first.token, body, key })
    const two = await postTrial(api, { token: second.token, body, key })
    expect([one.status, two.status]).toEqual([201, 201])
    expect(two.body).not.toEqual(one.body)
    expect(await trialsOf(api, first.id)).toHaveLength(1)
    expect(await trialsOf(api, second.id)).toHaveLength(1)
  })

  it('leaves the key unused when the request is refused, so that it can be sent again', async () => {
    const archived = await createStore(api, { archived: true })
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const key = randomUUID()
    const refused = await postTrial(api, { token: agent.token, body: trialBody(archived.id), key })
    expect(refused.status).toBe(404)
    expect(await keysOf(api, agent.id)).toEqual([])
    const invalid = await postTrial(api, { token: agent.token, body: { store_id: store.id }, key })
    expect(invalid.status).toBe(400)

    const accepted = await postTrial(api, { token: agent.token, body: trialBody(store.id), key })
    expect(accepted.status).toBe(201)
    expect(accepted.headers.get(idempotentReplayedHeader)).toBeNull()
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('stores trials made at once each as it would be alone', async () => {
    const store = await createStore(api)
    const archived = await createStore(api, { archived: true })
    const agent = await createUser(api)
    const other = await createUser(api)
    const [first, second, reused, refused] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ]
    const now = api.clock.now()
    const made = (userId: number, storeId: number, key: string | undefined, text: string) => {
      const body = { store_id: storeId, comment: text }
      const capture = captureOf({}, undefined, now)
      return {
        ...{
          userId,
          storeId,
          onlyOpen: true,
          comment: text,
          now,
          capture,
          appVersion: null,
          contentEdition: 1,
        },
        ...{ message: 'ok', key, body },
      }
    }
    // In one turn, as the server answers concurrent requests: the same key twice (once with the
    // same body, once with another), a store that is archived, a trial with no key, another
    // user's same key.
    const asked = [
      made(agent.id, store.id, first, 'one'),
      made(agent.id, store.id, first, 'one'),
      made(agent.id, store.id, second, 'two'),
      made(agent.id, store.id, reused, 'three'),
      made(agent.id, store.id, reused, 'not three'),
      made(agent.id, archived.id, refused, 'four'),
      made(agent.id, store.id, undefined, 'five'),
      made(other.id, store.id, first, 'six'),
    ]
    const outcomes = await Promise.allSettled(asked.map((trial) => createTrialOnce(api.db, trial)))
    const kinds = outcomes.map((outcome) =>
      outcome.status === 'fulfilled'
        ? outcome.value.kind
        : outcome.reason instanceof HttpError
          ? `${outcome.reason.status} ${outcome.reason.message}`
          : 'failed',
    )
    expect(kinds).toEqual([
      'created',
      'replayed',
      'created',
      'created',
      `422 ${messages.idempotencyKeyReused.id}`,
      'impossible',
      'created',
      'created',
    ])
    const [firstAnswer, replayAnswer] = outcomes.map((outcome) =>
      outcome.status === 'fulfilled' && outcome.value.kind !== 'impossible'
        ? outcome.value.answer
        : null,
    )
    expect(replayAnswer).toEqual(firstAnswer)
    const stored = await trialsOf(api, agent.id)
    expect(stored.map((trial) => trial.answers)).toEqual(['one', 'two', 'three', 'five'])
    expect((await trialsOf(api, other.id)).map((trial) => trial.answers)).toEqual(['six'])
    const keys = (await keysOf(api, agent.id)).map((row) => row.key).sort()
    expect(keys).toEqual([first, second, reused].sort())
  })

  it('keeps one failing trial of those made at once from the others', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const now = api.clock.now()
    const made = (userId: number, text: string) => {
      const key = randomUUID()
      const body = { store_id: store.id, comment: text }
      return {
        userId,
        storeId: store.id,
        onlyOpen: true,
        comment: text,
        now,
        capture: captureOf({}, undefined, now),
        appVersion: null,
        contentEdition: 1,
        message: 'ok',
        key,
        body,
      }
    }
    // No such user: its trial breaks a foreign key.
    const asked = [made(agent.id, 'kept'), made(2_000_000_000, 'fails'), made(agent.id, 'kept too')]
    const outcomes = await Promise.allSettled(asked.map((trial) => createTrialOnce(api.db, trial)))
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
    ])
    const stored = await trialsOf(api, agent.id)
    expect(stored.map((trial) => trial.answers)).toEqual(['kept', 'kept too'])
  })

  it('never stores two trials for one key sent twice at once to two app instances', async () => {
    const store = await createStore(api)
    const agent = await signedInAgent(api)
    const other = await api.startAnother()
    for (let round = 0; round < 5; round += 1) {
      const key = randomUUID()
      const body = trialBody(store.id)
      const answers = await Promise.all([
        postTrial(api, { token: agent.token, body, key }),
        postTrial(api, { token: agent.token, body, key, url: other.url }),
      ])
      const statuses = answers.map((answer) => answer.status).sort()
      expect([
        [201, 201],
        [201, 409],
      ]).toContainEqual(statuses)
      const created = answers.filter((answer) => answer.status === 201)
      expect(
        created.every((answer) => JSON.stringify(answer.body) === JSON.stringify(created[0]?.body)),
      ).toBe(true)
      const conflict = answers.find((answer) => answer.status === 409)
      if (conflict) {
        expect(conflict.body).toMatchObject({ message: messages.idempotencyInProgress.message })
      }
    }
    expect(await trialsOf(api, agent.id)).toHaveLength(5)
  })

  it.runIf(database.url)(
    'answers 409 while another process is still at work on the key, then the first answer',
    async () => {
      const store = await createStore(api)
      const agent = await signedInAgent(api)
      const key = randomUUID()
      // Another process mid-request: it holds the key's lock in an open transaction.
      const other = new pg.Client({ connectionString: api.databaseUrl })
      await other.connect()
      try {
        await other.query('begin')
        await other.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [
          keyLockName(agent.id, key),
        ])
        const busy = await postTrial(api, { token: agent.token, body: trialBody(store.id), key })
        expect(busy.status).toBe(409)
        expect(busy.body).toMatchObject({ message: messages.idempotencyInProgress.message })
        await other.query('rollback')
      } finally {
        await other.end()
      }
      const done = await postTrial(api, { token: agent.token, body: trialBody(store.id), key })
      expect(done.status).toBe(201)
      expect(await trialsOf(api, agent.id)).toHaveLength(1)
    },
  )

  it('answers a key with its trial for good, after its own row is forgotten', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const key = randomUUID()
    const body = trialBody(store.id)
    const send = async (sent: unknown) =>
      postTrial(api, { token: await signIn(api, agent), body: sent, key })

    const first = await send(body)
    expect(first.status).toBe(201)
    api.clock.advance(29 * day)
    const within = await send(body)
    expect(within.body).toEqual(first.body)
    expect(within.headers.get(idempotentReplayedHeader)).toBe('true')

    api.clock.advance(365 * day)
    await forgetExpiredKeys(api.db, api.clock.now())
    expect(await keysOf(api, agent.id)).toHaveLength(0)
    const yearLater = await send(body)
    expect(yearLater.status).toBe(201)
    expect(yearLater.headers.get(idempotentReplayedHeader)).toBe('true')
    expect(yearLater.body).toEqual(first.body)
    const otherBody = await send(trialBody(store.id, 'another trial'))
    expect(otherBody.status).toBe(422)
    expect(otherBody.body).toMatchObject({ code: messages.idempotencyKeyReused.id })
    expect(await trialsOf(api, agent.id)).toHaveLength(1)
  })

  it('forgets the keys past their 30 days in the sweep, and only those', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const old = await postTrial(api, {
      token: await signIn(api, agent),
      body: trialBody(store.id),
      key: randomUUID(),
    })
    api.clock.advance(31 * day)
    const kept = randomUUID()
    const recent = await postTrial(api, {
      token: await signIn(api, agent),
      body: trialBody(store.id),
      key: kept,
    })
    expect([old.status, recent.status]).toEqual([201, 201])
    expect(await forgetExpiredKeys(api.db, api.clock.now())).toBeGreaterThanOrEqual(1)
    expect((await keysOf(api, agent.id)).map((row) => row.key)).toEqual([kept])
  })
})
