import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataEnvelope } from '../../src/contract/http.ts'
import { voucherSchema } from '../../src/contract/vouchers.ts'
import { customers, loyaltyActions } from '../../server/db/schema/customers.ts'
import { voucherLog, vouchers } from '../../server/db/schema/vouchers.ts'
import { referralPoints } from '../../server/routes/vouchers/redeem.ts'
import {
  createCustomer,
  createVoucher,
  managerWithStore,
  userWithoutStore,
  type SignedIn,
} from './support/customer-fixtures.ts'
import { createStore } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi, type RequestOptions } from './support/harness.ts'
import { storeMessages } from '../../src/contract/store-messages.ts'

describe.each(databases)('voucher redemption on $name', (database) => {
  const api = useApi(database)
  let managerPromise: Promise<SignedIn> | undefined
  const manager = () => (managerPromise ??= managerWithStore(api))

  async function redeem(body: unknown, options: RequestOptions = {}) {
    const token = options.token ?? (await manager()).token
    return api.request('POST', '/voucher/submit', { language: 'en', ...options, token, body })
  }

  async function voucherRow(id: number) {
    const [row] = await api.db.select().from(vouchers).where(eq(vouchers.id, id))
    if (!row) throw new Error(`no voucher ${id}`)
    return row
  }

  async function customerRow(id: number) {
    const [row] = await api.db.select().from(customers).where(eq(customers.id, id))
    if (!row) throw new Error(`no customer ${id}`)
    return row
  }

  const logOf = (voucherId: number) =>
    api.db.select().from(voucherLog).where(eq(voucherLog.voucherId, voucherId))

  const referralActionsOf = (customerId: number) =>
    api.db
      .select()
      .from(loyaltyActions)
      .where(
        and(
          eq(loyaltyActions.customerId, customerId),
          eq(loyaltyActions.rule, 'referral-registered'),
        ),
      )

  it('redeems an MGM voucher: used, logged, and the referral rewarded', async () => {
    const godfather = await createCustomer(api, { points: 50 })
    const customer = await createCustomer(api)
    const voucher = await createVoucher(api, { godfatherId: godfather.id })
    const user = await manager()

    const response = await redeem({ code: voucher.code.toLowerCase(), customerId: customer.id })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(voucherSchema), response.body)
    expect(body.message).toBe('The voucher is redeemed.')
    const now = api.clock.now().getTime()
    expect(body.data).toMatchObject({ id: voucher.id, status: 'used' })
    expect(Math.abs(new Date(body.data.usedAt ?? 0).getTime() - now)).toBeLessThan(10_000)
    expect(body.data.log).toMatchObject([
      {
        code: voucher.code,
        type: 'MGM',
        customerEmail: customer.email,
        expert: user.fullname,
        store: user.store?.name,
      },
    ])

    expect(await voucherRow(voucher.id)).toMatchObject({
      status: 'used',
      usedByCustomerId: customer.id,
      usedByUserId: user.id,
      usedInStoreId: user.store?.id,
      referredCustomerId: customer.id,
    })
    expect(await logOf(voucher.id)).toHaveLength(1)
    expect(await referralActionsOf(godfather.id)).toMatchObject([{ points: referralPoints }])
    expect((await customerRow(godfather.id)).points).toBe(50 + referralPoints)
    expect((await customerRow(customer.id)).godfatherId).toBe(godfather.id)
  })

  it('keeps the godfather a customer already has', async () => {
    const earlier = await createCustomer(api)
    const customer = await createCustomer(api, { godfatherId: earlier.id })
    const godfather = await createCustomer(api)
    const voucher = await createVoucher(api, { godfatherId: godfather.id })
    expect((await redeem({ code: voucher.code, customerId: customer.id })).status).toBe(200)
    expect((await customerRow(customer.id)).godfatherId).toBe(earlier.id)
    expect(await referralActionsOf(godfather.id)).toHaveLength(1)
  })

  it('counts a LOYALTY voucher’s points as spent', async () => {
    const customer = await createCustomer(api, { points: 300, pointsSpent: 100 })
    const voucher = await createVoucher(api, {
      type: 'LOYALTY',
      amount: '5.00',
      currency: 'EUR',
      points: 500,
    })
    expect((await redeem({ code: voucher.code, customerId: customer.id })).status).toBe(200)
    expect(await customerRow(customer.id)).toMatchObject({ points: 300, pointsSpent: 600 })
  })

  it('records the store an agent or an admin names, and asks one who names none', async () => {
    for (const role of ['agent', 'admin'] as const) {
      const user = await userWithoutStore(api, role)
      const store = await createStore(api)
      const customer = await createCustomer(api)
      const voucher = await createVoucher(api, { type: 'PROMO', amount: '500.00', currency: 'RSD' })
      const unnamed = await redeem(
        { code: voucher.code, customerId: customer.id },
        { token: user.token },
      )
      expect(unnamed.status, role).toBe(400)
      expect(unnamed.body).toMatchObject({ invalidFields: [{ field: 'storeId' }] })
      expect(await voucherRow(voucher.id)).toMatchObject({ status: 'valid' })

      const archived = await createStore(api, { archived: true })
      const closed = await redeem(
        { code: voucher.code, customerId: customer.id, storeId: archived.id },
        { token: user.token },
      )
      expect(closed.status, role).toBe(404)

      const response = await redeem(
        { code: voucher.code, customerId: customer.id, storeId: store.id },
        { token: user.token },
      )
      expect(response.status, role).toBe(200)
      expect(await voucherRow(voucher.id)).toMatchObject({
        usedByUserId: user.id,
        usedInStoreId: store.id,
      })
      expect(await logOf(voucher.id)).toMatchObject([{ expert: user.fullname, store: store.name }])
    }
  })

  it("records a manager's own store, whatever store they name", async () => {
    const manager = await managerWithStore(api)
    const other = await createStore(api)
    const customer = await createCustomer(api)
    const voucher = await createVoucher(api, { type: 'PROMO', amount: '500.00', currency: 'RSD' })
    const response = await redeem(
      { code: voucher.code, customerId: customer.id, storeId: other.id },
      { token: manager.token },
    )
    expect(response.status).toBe(200)
    expect(await voucherRow(voucher.id)).toMatchObject({ usedInStoreId: manager.store?.id })
  })

  it('refuses a second redemption as already used, in the request’s language', async () => {
    const customer = await createCustomer(api)
    const voucher = await createVoucher(api)
    expect((await redeem({ code: voucher.code, customerId: customer.id })).status).toBe(200)
    for (const [language, message] of [
      ['en', 'The voucher has already been used.'],
      ['me', 'Vaučer je već iskorišćen.'],
    ] as const) {
      const again = await redeem({ code: voucher.code, customerId: customer.id }, { language })
      expect(again.status).toBe(409)
      expect(again.body).toMatchObject({ message })
    }
    expect(await logOf(voucher.id)).toHaveLength(1)
  })

  it('refuses an expired voucher, by status or by date, and changes nothing', async () => {
    const customer = await createCustomer(api)
    const godfather = await createCustomer(api)
    const expired = await createVoucher(api, { status: 'expired', godfatherId: godfather.id })
    const pastItsDate = await createVoucher(api, {
      godfatherId: godfather.id,
      expiresAt: new Date(api.clock.now().getTime() - 1000),
    })
    for (const voucher of [expired, pastItsDate]) {
      const response = await redeem({ code: voucher.code, customerId: customer.id })
      expect(response.status).toBe(409)
      expect(response.body).toMatchObject({ message: 'The voucher has expired.' })
      expect((await voucherRow(voucher.id)).usedAt).toBeNull()
      expect(await logOf(voucher.id)).toHaveLength(0)
    }
    expect(await referralActionsOf(godfather.id)).toHaveLength(0)
    expect((await customerRow(customer.id)).godfatherId).toBeNull()
  })

  it('answers 404 voucher.notFound for an unknown code', async () => {
    const customer = await createCustomer(api)
    const response = await redeem({ code: 'NO-SUCH-CODE-2', customerId: customer.id })
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ message: 'The voucher does not exist.' })
  })

  it('answers 404 customer.notFound for an unknown customer, and leaves the voucher valid', async () => {
    const voucher = await createVoucher(api)
    const response = await redeem(
      { code: voucher.code, customerId: 2_000_000_000 },
      { language: 'me' },
    )
    expect(response.status).toBe(404)
    expect(response.body).toMatchObject({ message: 'Potrošač nije pronađen' })
    expect((await voucherRow(voucher.id)).status).toBe('valid')
  })

  it('says that no customer was chosen when the id is left out, null or 0', async () => {
    const voucher = await createVoucher(api)
    const notChosen = 'Niste odabrali potrošača. Molimo vas da ga prvo izaberete.'
    for (const body of [
      { code: voucher.code },
      { code: voucher.code, customerId: null },
      { code: voucher.code, customerId: 0 },
      { code: voucher.code, customerId: '12' },
    ]) {
      const response = await redeem(body, { language: 'me' })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message: notChosen,
        invalidFields: [{ field: 'customerId', message: notChosen }],
      })
    }
    const english = await redeem({ code: voucher.code })
    expect(english.body).toMatchObject({ message: storeMessages.noCustomerChosen.message })
    expect((await voucherRow(voucher.id)).status).toBe('valid')
    expect(await logOf(voucher.id)).toHaveLength(0)
  })

  it('refuses a referral voucher for the customer who referred', async () => {
    const godfather = await createCustomer(api)
    const voucher = await createVoucher(api, { godfatherId: godfather.id })
    const response = await redeem({ code: voucher.code, customerId: godfather.id })
    expect(response.status).toBe(409)
    expect(response.body).toMatchObject({ message: storeMessages.voucherOwnReferral.message })
    expect((await voucherRow(voucher.id)).status).toBe('valid')
  })

  it('redeems a voucher once of two concurrent requests, again and again', async () => {
    const { token } = await manager()
    for (let round = 0; round < 5; round += 1) {
      const godfather = await createCustomer(api)
      const voucher = await createVoucher(api, { godfatherId: godfather.id })
      const [first, second] = [await createCustomer(api), await createCustomer(api)]
      const answers = await Promise.all(
        [first, second].map((customer) =>
          redeem({ code: voucher.code, customerId: customer.id }, { token }),
        ),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
      expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
        message: 'The voucher has already been used.',
      })
      expect(await logOf(voucher.id)).toHaveLength(1)
      expect(await referralActionsOf(godfather.id)).toHaveLength(1)
      expect((await customerRow(godfather.id)).points).toBe(referralPoints)
    }
  })

  it('redeems a voucher once when requests race across two app processes', async () => {
    const { token } = await manager()
    const another = await api.startAnother()
    for (let round = 0; round < 5; round += 1) {
      const customer = await createCustomer(api)
      const voucher = await createVoucher(api, { type: 'PROMO', amount: '5.00', currency: 'EUR' })
      const body = { code: voucher.code, customerId: customer.id }
      const answers = await Promise.all(
        [api.url, another.url, api.url, another.url].map((url) =>
          callApi(url, 'POST', '/voucher/submit', { token, body }),
        ),
      )
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409])
      expect(await logOf(voucher.id)).toHaveLength(1)
    }
  })
})
