import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import {
  appVersionHeader,
  errorEnvelopeSchema,
  minAppVersionHeader,
  requestIdHeader,
} from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { createStore, createUser, goodPassword, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import { trialBody } from '../support/trial-body.ts'
import { postTrial } from './support/trial-fixtures.ts'
import { randomUUID } from 'node:crypto'

const minimum = '1.2.0'
const older = { [appVersionHeader]: '1.1.9+0ld0ld0' }
const same = { [appVersionHeader]: '1.2.0+a1b2c3d' }

describe.each(databases)('the minimum app version on $name', (database) => {
  const api = useApi(database, { minAppVersion: minimum })

  it('names the minimum on every answer: success, refusal, unknown route', async () => {
    const answers = [
      await api.request('GET', '/health/live'),
      await api.request('GET', '/store/search'),
      await api.request('GET', '/no-such-endpoint'),
      await api.request('POST', '/user/login', { body: {} }),
    ]
    expect(answers.map((answer) => answer.status)).toEqual([200, 401, 404, 400])
    for (const answer of answers) expect(answer.headers.get(minAppVersionHeader)).toBe(minimum)
  })

  it('answers 426 to a mutation from an older app, in its language, with code and request id', async () => {
    const user = await createUser(api)
    const token = await signIn(api, user)
    const body = {
      currentPassword: goodPassword,
      password: 'Nova!2345x',
      confirmPassword: 'Nova!2345x',
    }
    const refused = await api.request('POST', '/user/change-password', {
      token,
      body,
      headers: older,
      language: 'en',
    })
    expect(refused.status).toBe(426)
    const error = expectShape(errorEnvelopeSchema, refused.body)
    expect(error).toMatchObject({
      code: messages.appTooOld.id,
      message: messages.appTooOld.message,
    })
    expect(error.requestId).toBe(refused.headers.get(requestIdHeader))
    const inSerbian = await api.request('POST', '/user/change-password', {
      token,
      body,
      headers: older,
      language: 'sr',
    })
    expect(expectShape(errorEnvelopeSchema, inSerbian.body).message).not.toBe(
      messages.appTooOld.message,
    )
    // Refused before anything was done: the password is still the old one.
    await signIn(api, user)
  })

  it('serves the same mutation to the minimum version, a newer one and an app that names none', async () => {
    for (const headers of [same, { [appVersionHeader]: '2.0.0+f00f00f' }, {}]) {
      const user = await createUser(api)
      const token = await signIn(api, user)
      const answer = await api.request('POST', '/user/change-password', {
        token,
        headers,
        body: {
          currentPassword: goodPassword,
          password: 'Nova!2345x',
          confirmPassword: 'Nova!2345x',
        },
      })
      expect(answer.status).toBe(200)
    }
  })

  it('lets an older app read, sign in and send its trials', async () => {
    const store = await createStore(api)
    const user = await createUser(api)
    const login = await api.request('POST', '/user/login', {
      headers: older,
      body: { email: user.email, password: user.password },
    })
    expect(login.status).toBe(200)
    const token = await signIn(api, user)
    const read = await api.request('GET', '/store/search', { token, headers: older })
    expect(read.status).toBe(200)
    const trial = await postTrial(api, {
      token,
      body: trialBody(store.id),
      key: randomUUID(),
      headers: older,
    })
    expect(trial.status).toBe(201)
  })
})

describe('MIN_APP_VERSION at start', () => {
  it('refuses to start when the minimum is above its own version', () => {
    const started = spawnSync(process.execPath, ['server/main.ts'], {
      env: { ...process.env, MIN_APP_VERSION: '999.0.0', PORT: '0', DATA_DIR: '/nonexistent-dir' },
      encoding: 'utf8',
      timeout: 30_000,
    })
    expect(started.status).not.toBe(0)
    expect(started.stderr).toContain('MIN_APP_VERSION 999.0.0 is above')
  })
})
