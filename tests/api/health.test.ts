import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

const healthSchema = dataEnvelope(v.object({ status: v.literal('ok') }))

describe.each(databases)('the liveness route on $name', (database) => {
  const api = useApi(database)

  it('answers GET /health/live 200 { status: ok } as JSON, not to be stored', async () => {
    const response = await api.request('GET', '/health/live')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(expectShape(healthSchema, response.body)).toEqual({ data: { status: 'ok' } })
  })

  it('answers the same as GET /health', async () => {
    const live = await api.request('GET', '/health/live')
    const health = await api.request('GET', '/health')
    expect(live.body).toEqual(health.body)
  })

  it('needs X-APP, like every API call but the health check', async () => {
    const response = await api.request('GET', '/health/live', { app: null, language: 'en' })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: messages.badApp.message })
  })

  it('answers only GET', async () => {
    const response = await api.request('POST', '/health/live', { body: {}, language: 'en' })
    expect(response.status).toBe(404)
  })
})
