import { randomBytes } from 'node:crypto'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { requestIdHeader } from '../../src/contract/http.ts'
import { createCustomer, uniquePhone } from './support/customer-fixtures.ts'
import { createStore, createUser, goodPassword, signIn } from './support/fixtures.ts'
import { databases, useApi, type ApiResponse } from './support/harness.ts'
import { guidedAnswers } from '../support/trial-body.ts'
import { postTrial } from './support/trial-fixtures.ts'

const requestLine = v.object({
  msg: v.literal('request'),
  level: v.number(),
  time: v.number(),
  requestId: v.string(),
  method: v.string(),
  route: v.string(),
  status: v.number(),
  ms: v.number(),
  user: v.optional(v.number()),
})

describe.each(databases)('the request logs on $name', (database) => {
  const written: string[] = []
  const api = useApi(database, { logTo: { write: (line) => written.push(line) } })

  const entries = (): unknown[] =>
    written
      .join('')
      .trimEnd()
      .split('\n')
      .map((line): unknown => JSON.parse(line))
  const requestEntries = () =>
    entries()
      .filter((entry) => v.is(v.object({ msg: v.literal('request') }), entry))
      .map((entry) => v.parse(requestLine, entry))
  const entryOf = (response: ApiResponse) => {
    const id = response.headers.get(requestIdHeader)
    const found = requestEntries().filter((entry) => entry.requestId === id)
    expect(found).toHaveLength(1)
    return found[0]
  }

  it('writes one JSON line per request, by route template, with nothing a client sent', async () => {
    const store = await createStore(api)
    const agent = await createUser(api, { role: 'agent' })
    const manager = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const wrongPassword = `Wrong!${randomBytes(6).toString('hex')}`
    const failed = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: wrongPassword },
    })
    expect(failed.status).toBe(401)
    const token = await signIn(api, agent)

    const answers = guidedAnswers()
    const email = `kupac-${randomBytes(4).toString('hex')}@example.rs`
    const phone = uniquePhone()
    answers.email = { ...answers.email, email, phone }
    const trial = await postTrial(api, { token, body: { store_id: store.id, comment: answers } })
    expect(trial.status).toBe(201)

    const customer = await createCustomer(api)
    const managerToken = await signIn(api, manager)
    const search = await api.request('GET', `/customer/search?query=${encodeURIComponent(email)}`, {
      token: managerToken,
    })
    expect(search.status).toBe(200)
    const profile = await api.request('GET', `/customer/${customer.id}`, { token: managerToken })
    expect(profile.status).toBe(200)

    expect(entryOf(failed)).toMatchObject({
      method: 'POST',
      route: '/api/v1/user/login',
      status: 401,
    })
    expect(entryOf(failed)?.user).toBeUndefined()
    expect(entryOf(trial)).toMatchObject({
      method: 'POST',
      route: '/api/v1/free-guided/form',
      status: 201,
      user: agent.id,
    })
    expect(entryOf(search)).toMatchObject({
      method: 'GET',
      route: '/api/v1/customer/search',
      status: 200,
      user: manager.id,
    })
    expect(entryOf(profile)).toMatchObject({ route: '/api/v1/customer/:id', status: 200 })
    for (const entry of requestEntries()) expect(entry.ms).toBeGreaterThanOrEqual(0)

    const text = written.join('')
    for (const secret of [wrongPassword, goodPassword, agent.password, token, managerToken]) {
      expect(text).not.toContain(secret)
    }
    for (const contact of [email, phone, customer.email, customer.phone]) {
      if (contact) expect(text).not.toContain(contact)
    }
    expect(text).not.toContain('?query')
  })

  it('names the refused sign-in among the events, with the request id', async () => {
    const agent = await createUser(api)
    const failed = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: 'not it' },
    })
    const id = failed.headers.get(requestIdHeader)
    expect(entries()).toContainEqual(
      expect.objectContaining({ event: 'auth.login.failed', requestId: id }),
    )
  })

  it('never writes the email typed at a refused sign-in, only a short hash of it', async () => {
    const agent = await createUser(api)
    await api.request('POST', '/user/login', { body: { email: agent.email, password: 'not it' } })
    expect(entries()).toContainEqual(
      expect.objectContaining({
        event: 'auth.login.failed',
        account: expect.stringMatching(/^[0-9a-f]{12}$/) as unknown,
      }),
    )
    expect(JSON.stringify(entries())).not.toContain(agent.email)
  })
})
