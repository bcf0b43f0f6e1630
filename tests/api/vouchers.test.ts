import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { voucherLogSchema, voucherSchema } from '../../src/contract/vouchers.ts'
import { voucherLog } from '../../server/db/schema/vouchers.ts'
import { findVoucherByCode } from '../../server/routes/vouchers/queries.ts'
import {
  createCustomer,
  createVoucher,
  managerWithStore,
  userWithoutStore,
  type SignedIn,
} from './support/customer-fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

const dayMs = 24 * 60 * 60 * 1000

describe.each(databases)('voucher look-up on $name', (database) => {
  const api = useApi(database)
  let managerPromise: Promise<SignedIn> | undefined
  /** A manager checked in to a store: the usual user at the counter. */
  const manager = () => (managerPromise ??= managerWithStore(api))

  async function search(code: string, language: 'en' | 'me' = 'en') {
    const params = new URLSearchParams({ code })
    const { token } = await manager()
    return api.request('GET', `/voucher/search?${params}`, { token, language })
  }

  it('finds a valid voucher by its code, without regard to case, with its godfather', async () => {
    const godfather = await createCustomer(api, { fullname: 'Đorđe Šćepanović' })
    const voucher = await createVoucher(api, { godfatherId: godfather.id })
    for (const [code, language, message] of [
      [voucher.code, 'en', 'The voucher is valid.'],
      [` ${voucher.code.toLowerCase()} `, 'me', 'Vaučer je validan.'],
    ] as const) {
      const response = await search(code, language)
      expect(response.status).toBe(200)
      const body = expectShape(dataEnvelope(voucherSchema), response.body)
      expect(body.message).toBe(message)
      expect(body.data).toMatchObject({
        id: voucher.id,
        code: voucher.code,
        type: 'MGM',
        value: null,
        status: 'valid',
        usedAt: null,
        godfather: {
          id: godfather.id,
          fullname: 'Đorđe Šćepanović',
          email: godfather.email,
          referralCode: godfather.referralCode,
        },
        log: [],
      })
    }
  })

  it('answers a used voucher as used, with its log', async () => {
    const voucher = await createVoucher(api, { status: 'used' })
    const { db } = api
    const usedAt = new Date(api.clock.now().getTime() - dayMs + 123)
    await db.insert(voucherLog).values({
      voucherId: voucher.id,
      code: voucher.code,
      date: usedAt,
      type: 'MGM',
      customerEmail: 'kupac@gmail.com',
      expert: 'Milica Nikolić',
      store: 'Trafika Knez Mihailova',
    })
    for (const [language, message] of [
      ['en', 'The voucher has already been used.'],
      ['me', 'Vaučer je već iskorišćen.'],
    ] as const) {
      const response = await search(voucher.code, language)
      expect(response.status).toBe(200)
      const body = expectShape(dataEnvelope(voucherSchema), response.body)
      expect(body.message).toBe(message)
      expect(body.data.status).toBe('used')
      expect(body.data.log).toMatchObject([
        {
          code: voucher.code,
          date: usedAt.toISOString(),
          type: 'MGM',
          customerEmail: 'kupac@gmail.com',
          expert: 'Milica Nikolić',
        },
      ])
    }
  })

  it('answers an expired voucher, and a valid one past its date, as expired', async () => {
    const expired = await createVoucher(api, { status: 'expired' })
    const pastItsDate = await createVoucher(api, {
      expiresAt: new Date(api.clock.now().getTime() - 60_000),
    })
    for (const voucher of [expired, pastItsDate]) {
      for (const [language, message] of [
        ['en', 'The voucher has expired.'],
        ['me', 'Vaučer je istekao.'],
      ] as const) {
        const response = await search(voucher.code, language)
        expect(response.status).toBe(200)
        const body = expectShape(dataEnvelope(voucherSchema), response.body)
        expect(body).toMatchObject({ message, data: { status: 'expired' } })
      }
    }
  })

  it('expires a voucher when its time has come', async () => {
    const voucher = await createVoucher(api, {
      expiresAt: new Date(api.clock.now().getTime() + 60 * 60_000),
    })
    expect((await search(voucher.code)).body).toMatchObject({ data: { status: 'valid' } })
    api.clock.advance(61 * 60_000)
    expect((await search(voucher.code)).body).toMatchObject({ data: { status: 'expired' } })
  })

  it('answers 404 voucher.notFound for a code that does not exist', async () => {
    for (const [language, message] of [
      ['en', 'The voucher does not exist.'],
      ['me', 'Vaučer ne postoji.'],
    ] as const) {
      const response = await search('NO-SUCH-CODE-1', language)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message })
    }
  })

  it('answers searches made at once each with its own voucher, or none', async () => {
    const used = await createVoucher(api, { status: 'used' })
    const valid = await createVoucher(api)
    const codes = [
      valid.code,
      'NO-SUCH-CODE-2',
      ` ${used.code.toLowerCase()}`,
      valid.code,
      used.code,
    ]
    // In one turn, as the server answers concurrent requests.
    const now = api.clock.now()
    const found = await Promise.all(codes.map((code) => findVoucherByCode(api.db, code, now)))
    expect(found.map((voucher) => voucher && { id: voucher.id, status: voucher.status })).toEqual([
      { id: valid.id, status: 'valid' },
      null,
      { id: used.id, status: 'used' },
      { id: valid.id, status: 'valid' },
      { id: used.id, status: 'used' },
    ])
  })

  it('refuses an empty or missing code', async () => {
    const { token } = await manager()
    for (const path of ['/voucher/search?code=', '/voucher/search?code=%20', '/voucher/search']) {
      const response = await api.request('GET', path, { token, language: 'en' })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message: messages.required.message,
        invalidFields: [{ field: 'code', message: messages.required.message }],
      })
    }
  })

  it('refuses a code with direction controls, which would show as another code', async () => {
    const response = await search('\u202E1000-DILAV-MGM')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      code: messages.bidiControl.id,
      invalidFields: [{ field: 'code', message: messages.bidiControl.message }],
    })
    const invisible = await search('\u200B\u2060')
    expect(invisible.body).toMatchObject({
      invalidFields: [{ field: 'code', code: messages.required.id }],
    })
  })

  it('shows a LOYALTY voucher with its value', async () => {
    const voucher = await createVoucher(api, {
      type: 'LOYALTY',
      amount: '1000.00',
      currency: 'RSD',
      points: 1000,
    })
    const response = await search(voucher.code)
    const { data } = expectShape(dataEnvelope(voucherSchema), response.body)
    expect(data).toMatchObject({
      type: 'LOYALTY',
      value: { amount: '1000.00', currency: 'RSD' },
      godfather: null,
    })
  })

  it('answers a voucher by id, and 404 for an unknown or malformed id', async () => {
    const voucher = await createVoucher(api, { type: 'PROMO', amount: '5.00', currency: 'EUR' })
    const { token } = await manager()
    const response = await api.request('GET', `/voucher/${voucher.id}`, { token })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(voucherSchema), response.body)
    expect(body.data).toMatchObject({ id: voucher.id, code: voucher.code, status: 'valid' })
    expect(body.data.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)

    for (const id of [2_000_000_000, 'abc', '0', '-1', '99999999999']) {
      const missing = await api.request('GET', `/voucher/${id}`, { token, language: 'me' })
      expect(missing.status).toBe(404)
      expect(missing.body).toMatchObject({ message: 'Vaučer ne postoji.' })
    }
  })

  it('answers the code log newest first, and 404 for an unknown voucher', async () => {
    const voucher = await createVoucher(api, { status: 'used' })
    const other = await createVoucher(api, { status: 'used' })
    const now = api.clock.now().getTime()
    await api.db.insert(voucherLog).values([
      { voucherId: voucher.id, code: voucher.code, date: new Date(now - 3 * dayMs), type: 'MGM' },
      {
        voucherId: voucher.id,
        code: voucher.code,
        date: new Date(now - dayMs),
        type: 'MGM',
        customerEmail: 'novi@gmail.com',
        expert: 'Stefan Ilić',
        store: null,
      },
      { voucherId: other.id, code: other.code, date: new Date(now), type: 'MGM' },
    ])
    const { token } = await manager()
    const response = await api.request('GET', `/voucher/code-log/${voucher.id}`, { token })
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(voucherLogSchema), response.body)
    expect(data.count).toBe(2)
    expect(data.rows.map((row) => row.date)).toEqual([
      new Date(now - dayMs).toISOString(),
      new Date(now - 3 * dayMs).toISOString(),
    ])
    expect(data.rows[0]).toMatchObject({
      code: voucher.code,
      type: 'MGM',
      customerEmail: 'novi@gmail.com',
      expert: 'Stefan Ilić',
      store: null,
    })

    const fresh = await createVoucher(api)
    const empty = await api.request('GET', `/voucher/code-log/${fresh.id}`, { token })
    expect(empty.body).toEqual({ data: { rows: [], count: 0 } })
    const missing = await api.request('GET', '/voucher/code-log/2000000000', { token })
    expect(missing.status).toBe(404)
  })

  describe('who may look vouchers up', () => {
    it('needs a signed-in user', async () => {
      const voucher = await createVoucher(api)
      for (const path of [
        `/voucher/search?code=${voucher.code}`,
        `/voucher/${voucher.id}`,
        `/voucher/code-log/${voucher.id}`,
      ]) {
        const response = await api.request('GET', path)
        expect(response.status).toBe(401)
        expect(response.body).toMatchObject({ message: 'invalid token' })
      }
      const submit = await api.request('POST', '/voucher/submit', {
        body: { code: voucher.code, customerId: 1 },
      })
      expect(submit.status).toBe(401)
    })

    it('refuses a manager who is not checked in to a store, and changes nothing', async () => {
      const voucher = await createVoucher(api)
      const customer = await createCustomer(api)
      const { token } = await userWithoutStore(api, 'manager')
      const calls = [
        ['GET', `/voucher/search?code=${voucher.code}`, undefined],
        ['GET', `/voucher/${voucher.id}`, undefined],
        ['GET', `/voucher/code-log/${voucher.id}`, undefined],
        ['POST', '/voucher/submit', { code: voucher.code, customerId: customer.id }],
      ] as const
      for (const [method, path, body] of calls) {
        const response = await api.request(method, path, { token, body, language: 'me' })
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({
          message: 'Niste dodijeljeni prodavnici. Molimo vas da se obratite administratoru.',
        })
      }
      expect((await search(voucher.code)).body).toMatchObject({ data: { status: 'valid' } })
    })

    it('lets agents, admins and super users in without a store', async () => {
      const voucher = await createVoucher(api)
      for (const role of ['agent', 'admin', 'super'] as const) {
        const { token } = await userWithoutStore(api, role)
        const response = await api.request('GET', `/voucher/search?code=${voucher.code}`, {
          token,
        })
        expect(response.status).toBe(200)
      }
    })
  })
})
