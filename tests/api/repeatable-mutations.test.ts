import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { idempotencyHeader, idempotentReplayedHeader } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { visitNotes } from '../../server/db/schema/customers.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { users } from '../../server/db/schema/users.ts'
import { voucherLog } from '../../server/db/schema/vouchers.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createCustomer, createVoucher, managerWithStore } from './support/customer-fixtures.ts'
import { createStore, mailsTo, storeLogsOf, uniqueWord } from './support/fixtures.ts'
import { databases, useApi, type ApiResponse } from './support/harness.ts'

/**
 * Every mutation a person starts with one click accepts an `Idempotency-Key`, as the trial does:
 * the same request again under the same key changes nothing and answers the first answer.
 */
describe.each(databases)('mutations repeated under one key on $name', (database) => {
  const api = useApi(database)

  function post(path: string, token: string, body: unknown, key: string) {
    return api.request('POST', path, {
      token,
      body,
      language: 'en',
      headers: { [idempotencyHeader]: key },
    })
  }

  const replayed = (response: ApiResponse) => response.headers.get(idempotentReplayedHeader)

  it('redeems a voucher once when the same redemption is sent twice: two 2xx, one log row', async () => {
    const manager = await managerWithStore(api)
    const customer = await createCustomer(api)
    const voucher = await createVoucher(api, { type: 'PROMO' })
    const key = randomUUID()
    const body = { code: voucher.code, customerId: customer.id }

    const first = await post('/voucher/submit', manager.token, body, key)
    const second = await post('/voucher/submit', manager.token, body, key)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    expect([replayed(first), replayed(second)]).toEqual([null, 'true'])
    const log = await api.db.select().from(voucherLog).where(eq(voucherLog.voucherId, voucher.id))
    expect(log).toHaveLength(1)

    // Without the key (or with another) the voucher is used, as before.
    const again = await post('/voucher/submit', manager.token, body, randomUUID())
    expect(again.status).toBe(409)
  })

  it('refuses another body under a key already used: 422, nothing redeemed', async () => {
    const manager = await managerWithStore(api)
    const customer = await createCustomer(api)
    const used = await createVoucher(api, { type: 'PROMO' })
    const other = await createVoucher(api, { type: 'PROMO' })
    const key = randomUUID()
    const first = await post(
      '/voucher/submit',
      manager.token,
      { code: used.code, customerId: customer.id },
      key,
    )
    expect(first.status).toBe(200)
    const reused = await post(
      '/voucher/submit',
      manager.token,
      { code: other.code, customerId: customer.id },
      key,
    )
    expect(reused.status).toBe(422)
    expect(reused.body).toMatchObject({ message: messages.idempotencyKeyReused.message })
    const log = await api.db.select().from(voucherLog).where(eq(voucherLog.voucherId, other.id))
    expect(log).toHaveLength(0)
  })

  it('keeps no key for a refused request: the same key may be tried again', async () => {
    const manager = await managerWithStore(api)
    const customer = await createCustomer(api)
    const key = randomUUID()
    const missing = await post(
      '/voucher/submit',
      manager.token,
      { code: 'NO-SUCH-CODE-1', customerId: customer.id },
      key,
    )
    expect(missing.status).toBe(404)
    const again = await post(
      '/voucher/submit',
      manager.token,
      { code: 'NO-SUCH-CODE-1', customerId: customer.id },
      key,
    )
    expect(again.status).toBe(404)
    expect(replayed(again)).toBeNull()
  })

  it('answers the same key sent at once by two requests with one redemption', async () => {
    const manager = await managerWithStore(api)
    const customer = await createCustomer(api)
    const voucher = await createVoucher(api, { type: 'PROMO' })
    const key = randomUUID()
    const body = { code: voucher.code, customerId: customer.id }
    const answers = await Promise.all([
      post('/voucher/submit', manager.token, body, key),
      post('/voucher/submit', manager.token, body, key),
    ])
    // One did it; the other either waited its turn and got the first answer, or was told the
    // first is still running (409, to be sent again): never a second redemption.
    const statuses = answers.map((answer) => answer.status).sort()
    expect([
      [200, 200],
      [200, 409],
    ]).toContainEqual(statuses)
    const log = await api.db.select().from(voucherLog).where(eq(voucherLog.voucherId, voucher.id))
    expect(log).toHaveLength(1)
  })

  it('checks in once, and out once, per key', async () => {
    const manager = await managerWithStore(api)
    const store = await createStore(api)
    const key = randomUUID()
    const first = await post('/user/check-in/update', manager.token, { storeId: store.id }, key)
    const second = await post('/user/check-in/update', manager.token, { storeId: store.id }, key)
    expect([first.status, second.status]).toEqual([200, 200])
    expect(second.body).toEqual(first.body)
    const logs = await storeLogsOf(api, manager.id)
    expect(logs.filter((log) => log.storeId === store.id)).toHaveLength(1)

    const out = randomUUID()
    const firstOut = await post('/user/check-out', manager.token, {}, out)
    const secondOut = await post('/user/check-out', manager.token, {}, out)
    expect([firstOut.status, secondOut.status]).toEqual([200, 200])
    expect(replayed(secondOut)).toBe('true')
  })

  it('adds one visit note for two requests under one key', async () => {
    const manager = await managerWithStore(api)
    const customer = await createCustomer(api)
    const key = randomUUID()
    const body = { customerId: customer.id, reason: 'info', comment: 'Asked about the device.' }
    const first = await post('/customer/form', manager.token, body, key)
    const second = await post('/customer/form', manager.token, body, key)
    expect([first.status, second.status]).toEqual([201, 201])
    expect(second.body).toEqual(first.body)
    const notes = await api.db
      .select()
      .from(visitNotes)
      .where(eq(visitNotes.customerId, customer.id))
    expect(notes).toHaveLength(1)
  })

  it('creates one store and one user, with one invitation, per key', async () => {
    const admin = await signedIn(api, 'admin')
    const name = `Trafika ${uniqueWord()}`
    const storeBody = { name, address: 'Njegoševa 1', city: 'Beograd', country: 'RS' }
    const storeKey = randomUUID()
    const firstStore = await post('/store/create', admin.token, storeBody, storeKey)
    const secondStore = await post('/store/create', admin.token, storeBody, storeKey)
    expect([firstStore.status, secondStore.status]).toEqual([201, 201])
    expect(secondStore.body).toEqual(firstStore.body)
    expect(await api.db.select().from(stores).where(eq(stores.name, name))).toHaveLength(1)

    const email = `${uniqueWord('once')}@example.rs`
    const userBody = { fullname: 'Ana Once', email, phone: '064 123 4567', role: 'agent' }
    const userKey = randomUUID()
    const firstUser = await post('/user/create', admin.token, userBody, userKey)
    const secondUser = await post('/user/create', admin.token, userBody, userKey)
    expect([firstUser.status, secondUser.status]).toEqual([201, 201])
    expect(secondUser.body).toEqual(firstUser.body)
    expect(await api.db.select().from(users).where(eq(users.email, email))).toHaveLength(1)
    expect(await mailsTo(api, email)).toHaveLength(1)
  })

  it('refuses a key that is not a UUID', async () => {
    const manager = await managerWithStore(api)
    const response = await post('/user/check-out', manager.token, {}, 'not-a-key')
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({ message: messages.idempotencyKeyInvalid.message })
  })
})
