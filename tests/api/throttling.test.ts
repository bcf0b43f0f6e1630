import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages.ts'
import { callApi, databases, useApi, type TestApi } from './support/harness.ts'
import { createUser, type TestUser } from './support/fixtures.ts'

const minute = 60 * 1000

function attempt(api: TestApi, user: TestUser, password: string, url = api.url) {
  return callApi(url, 'POST', '/user/login', {
    body: { email: user.email, password },
    language: 'en',
  })
}

describe.each(databases)('sign-in throttling on $name', (database) => {
  const api = useApi(database)

  it('refuses the 6th failure for one account in 15 minutes with 429 and Retry-After', async () => {
    const agent = await createUser(api)
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await attempt(api, agent, 'Wrong!2345')).status).toBe(401)
    }
    const refused = await attempt(api, agent, 'Wrong!2345')
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ message: messages.tooManyAttempts.message })
    const retryAfter = Number(refused.headers.get('retry-after'))
    expect(retryAfter).toBeGreaterThan(14 * 60)
    expect(retryAfter).toBeLessThanOrEqual(15 * 60)

    // Even the right password waits.
    expect((await attempt(api, agent, agent.password)).status).toBe(429)

    api.clock.advance(15 * minute + 1000)
    expect((await attempt(api, agent, agent.password)).status).toBe(200)
  })

  it('forgets the failures of an account once it signs in', async () => {
    const agent = await createUser(api)
    for (let failure = 1; failure <= 4; failure += 1) await attempt(api, agent, 'Wrong!2345')
    expect((await attempt(api, agent, agent.password)).status).toBe(200)
    for (let failure = 1; failure <= 5; failure += 1) {
      expect((await attempt(api, agent, 'Wrong!2345')).status).toBe(401)
    }
    expect((await attempt(api, agent, 'Wrong!2345')).status).toBe(429)
  })

  it('counts the failures of two app instances on one database together', async () => {
    const agent = await createUser(api)
    const other = await api.startAnother()
    for (let failure = 1; failure <= 5; failure += 1) {
      const url = failure % 2 === 0 ? other.url : api.url
      expect((await attempt(api, agent, 'Wrong!2345', url)).status).toBe(401)
    }
    expect((await attempt(api, agent, 'Wrong!2345', other.url)).status).toBe(429)
    expect((await attempt(api, agent, 'Wrong!2345', api.url)).status).toBe(429)
  })
})
