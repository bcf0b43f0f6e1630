import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { dataEnvelope, errorEnvelopeSchema, requestIdHeader } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

describe.each(databases)('the app on $name', (database) => {
  const api = useApi(database)

  it('answers the health check without X-APP once the database answers', async () => {
    const response = await api.request('GET', '/health', { app: null })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(v.object({ status: v.literal('ok') })), response.body)
    expect(body.data.status).toBe('ok')
  })

  it('names every answer, success or error, with a Request-Id of its own', async () => {
    const answers = [
      await api.request('GET', '/health/live'),
      await api.request('GET', '/health/live'),
      await api.request('GET', '/no-such-endpoint'),
      await api.request('POST', '/user/login', { app: null, body: {} }),
      await api.request('POST', '/user/login', { body: { email: 'x' } }),
    ]
    const ids = answers.map((answer) => answer.headers.get(requestIdHeader))
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 404, 400, 400])
    for (const id of ids) expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it('answers every error as { message, code, requestId }, the code being the message id', async () => {
    const missing = await api.request('GET', '/no-such-endpoint', { language: 'en' })
    expect(missing.body).toEqual({
      message: messages.notFound.message,
      code: messages.notFound.id,
      requestId: missing.headers.get(requestIdHeader),
    })
    const refused = await api.request('POST', '/user/login', { body: {}, language: 'en' })
    const body = expectShape(errorEnvelopeSchema, refused.body)
    expect(body.requestId).toBe(refused.headers.get(requestIdHeader))
    expect(body.invalidFields?.length).toBeGreaterThan(0)
    for (const field of body.invalidFields ?? []) expect(field.code).toMatch(/^[a-z]+\.[A-Za-z.]+$/)
  })

  it('makes the request id itself, whatever id the request brings', async () => {
    const answer = await api.request('GET', '/health/live', {
      headers: { [requestIdHeader]: 'forged-id-in-someone-elses-logs' },
    })
    expect(answer.headers.get(requestIdHeader)).not.toBe('forged-id-in-someone-elses-logs')
  })

  it('refuses API calls without X-APP or with another one', async () => {
    for (const app of [null, 'another-app']) {
      const response = await api.request('POST', '/user/login', { app, body: {}, language: 'en' })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ message: messages.badApp.message })
    }
  })

  it('writes messages in the language of the Language header, Montenegrin by default', async () => {
    const cases = [
      { language: 'en', message: 'Unknown application.' },
      { language: 'sr', message: 'Nepoznata aplikacija.' },
      { language: 'me', message: 'Nepoznata aplikacija.' },
      { language: undefined, message: 'Nepoznata aplikacija.' },
    ] as const
    for (const { language, message } of cases) {
      const response = await api.request('GET', '/store/search', { app: null, language })
      expect(response.body).toMatchObject({ message })
    }
    const unknown = await api.request('POST', '/user/login', {
      headers: { Language: 'de' },
      body: {},
    })
    expect(expectShape(errorEnvelopeSchema, unknown.body).message).toBe('Ovo polje je obavezno.')
  })

  it('answers unknown API routes with 404 api.notFound', async () => {
    const inVersion = await api.request('GET', '/no-such-thing', { language: 'en' })
    expect(inVersion.status).toBe(404)
    expect(inVersion.body).toMatchObject({ message: messages.notFound.message })

    const outside = await fetch(`${api.url}/api/v2/store/search`, { headers: { Language: 'en' } })
    expect(outside.status).toBe(404)
    expect(await outside.json()).toMatchObject({ message: messages.notFound.message })
  })

  it('refuses a body that is not JSON with 400 api.invalidRequest', async () => {
    const response = await fetch(`${api.url}/api/v1/user/login`, {
      method: 'POST',
      headers: { 'X-APP': 'brand-expert-pwa', 'Content-Type': 'application/json', Language: 'en' },
      body: '{"email":',
    })
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: messages.invalidRequest.message })
  })

  it('refuses a body that is not UTF-8 with 400 api.invalidRequest, storing no U+FFFD in its place', async () => {
    const admin = await signedIn(api, 'admin')
    const before = await api.db.select().from(stores)
    const encoder = new TextEncoder()
    // A cut two-byte sequence, a byte never in UTF-8, an overlong `/`, and a lone surrogate.
    for (const bytes of [[0xc3, 0x28], [0xff], [0xc0, 0xaf], [0xed, 0xa0, 0x80]]) {
      const body = new Uint8Array([
        ...encoder.encode('{"name":"Trafika '),
        ...bytes,
        ...encoder.encode('","address":"Bulevar 1","city":"Beograd","country":"RS"}'),
      ])
      const response = await fetch(`${api.url}/api/v1/store/create`, {
        method: 'POST',
        headers: {
          'X-APP': 'brand-expert-pwa',
          'Content-Type': 'application/json; charset=utf-8',
          'Idempotency-Key': crypto.randomUUID(),
          Authorization: `Bearer ${admin.token}`,
          Language: 'en',
        },
        body,
      })
      expect(response.status, String(bytes)).toBe(400)
      expect(await response.json()).toMatchObject({
        code: messages.invalidRequest.id,
        message: messages.invalidRequest.message,
      })
    }
    expect(await api.db.select().from(stores)).toEqual(before)
  })

  it('refuses a body over 1 MB with 413, saying it is too large', async () => {
    const response = await api.request('POST', '/user/login', {
      body: { email: 'a@example.rs', password: 'x'.repeat(1024 * 1024) },
      language: 'en',
    })
    expect(response.status).toBe(413)
    expect(response.body).toMatchObject({ message: messages.requestTooLarge.message })
  })

  it("answers a request Node's parser cannot read (headers over 16 KB) as the app does: 431 and a message", async () => {
    const response = await fetch(`${api.url}/api/v1/health`, {
      headers: { 'X-APP': 'brand-expert-pwa', 'X-Padding': 'x'.repeat(20_000) },
    })
    expect(response.status).toBe(431)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = expectShape(errorEnvelopeSchema, await response.json())
    // In Montenegrin: the Language header is among what could not be read.
    expect(body.message).toBe('Adresa ili zaglavlja zahtjeva su predugački.')
  })

  it('marks every API answer, success or error, as not to be stored', async () => {
    const success = await api.request('GET', '/health')
    const error = await api.request('GET', '/store/search', { app: null })
    const notFound = await api.request('GET', '/nothing')
    for (const response of [success, error, notFound]) {
      expect(response.headers.get('cache-control')).toBe('no-store')
    }
  })

  it('sends the security headers and a strict Content-Security-Policy', async () => {
    for (const path of ['/api/v1/health', '/api/v1/store/search', '/some/page']) {
      const response = await fetch(`${api.url}${path}`)
      expect(response.headers.get('referrer-policy')).toBe('no-referrer')
      expect(response.headers.get('x-content-type-options')).toBe('nosniff')
      expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
      expect(response.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; " +
          "img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
          "font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; " +
          "frame-ancestors 'none'",
      )
    }
  })

  it('denies every page the camera, microphone, location, payments and devices (Permissions-Policy), passkeys to this origin only', async () => {
    for (const path of ['/api/v1/health', '/api/docs', '/some/page']) {
      const policy = (await fetch(`${api.url}${path}`)).headers.get('permissions-policy') ?? ''
      const features = new Map(
        policy.split(', ').map((directive) => {
          const [feature = '', allowed = ''] = directive.split('=')
          return [feature, allowed]
        }),
      )
      for (const feature of ['camera', 'microphone', 'geolocation', 'payment', 'usb', 'serial']) {
        expect(features.get(feature), `${path} ${feature}`).toBe('()')
      }
      expect(features.get('publickey-credentials-get'), path).toBe('(self)')
    }
  })

  it('serves no page when the PWA is not built', async () => {
    const response = await fetch(`${api.url}/login`, { headers: { Accept: 'text/html' } })
    expect(response.status).toBe(404)
  })
})
