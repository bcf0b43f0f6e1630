import { describe, expect, it } from 'vitest'
import { messages } from '../../src/contract/messages.ts'
import { createUser } from './support/fixtures.ts'
import { databases, useApi } from './support/harness.ts'

describe.each(databases)('sign-in throttling by address on $name', (database) => {
  const api = useApi(database)

  it('refuses any sign-in from an address after 30 failures in 15 minutes', async () => {
    for (let failure = 1; failure <= 30; failure += 1) {
      const response = await api.request('POST', '/user/login', {
        body: { email: `nobody${failure}@example.rs`, password: 'Wrong!2345' },
      })
      expect(response.status).toBe(401)
    }
    const agent = await createUser(api)
    const refused = await api.request('POST', '/user/login', {
      body: { email: agent.email, password: agent.password },
      language: 'en',
    })
    expect(refused.status).toBe(429)
    expect(refused.body).toMatchObject({ message: messages.tooManyAttempts.message })
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
  })
})
