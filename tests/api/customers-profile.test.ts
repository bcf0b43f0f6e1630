import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  customerSchema,
  customerTrialListSchema,
  visitNoteSchema,
} from '../../src/contract/customers.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import {
  communications,
  devices,
  ecommerceStatuses,
  loyaltyActions,
  orders,
  reclamations,
  serviceCases,
  visitNotes,
} from '../../server/db/schema/customers.ts'
import type { TrialAnswers } from '../../src/contract/trial.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { guidedAnswers } from '../support/trial-body.ts'
import { vouchers } from '../../server/db/schema/vouchers.ts'
import {
  createCustomer,
  createVoucher,
  managerWithStore,
  userWithoutStore,
  type SignedIn,
} from './support/customer-fixtures.ts'
import { createStore } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

const dayMs = 24 * 60 * 60 * 1000

describe.each(databases)('customer profile on $name', (database) => {
  const api = useApi(database)
  let managerPromise: Promise<SignedIn> | undefined
  const manager = () => (managerPromise ??= managerWithStore(api))
  /** `daysAgo(n)`: n days before the moment it was made, the same however long a test takes. */
  const daysBeforeNow = () => {
    const now = api.clock.now().getTime()
    return (days: number) => new Date(now - days * dayMs)
  }

  async function profile(id: number | string) {
    const { token } = await manager()
    return api.request('GET', `/customer/${id}`, { token, language: 'me' })
  }

  async function addNote(body: unknown, token?: string) {
    return api.request('POST', '/customer/form', {
      token: token ?? (await manager()).token,
      body,
      language: 'me',
    })
  }

  const notesOf = (customerId: number) =>
    api.db.select().from(visitNotes).where(eq(visitNotes.customerId, customerId))

  it('answers everything the tabs show, newest first, in the contract shape', async () => {
    const daysAgo = daysBeforeNow()
    const customer = await createCustomer(api, { points: 450, pointsSpent: 150 })
    const customerId = customer.id
    const { db } = api
    await db.insert(devices).values([
      { customerId, serialNumber: 'OLD123', color: 'Silver', registeredAt: daysAgo(300) },
      { customerId, serialNumber: 'NEW456', color: 'Azure Blue', registeredAt: daysAgo(10) },
    ])
    await db.insert(orders).values({
      customerId,
      number: 'WEB-2025-0000001',
      orderedAt: daysAgo(20),
      totalAmount: '2490.00',
      currency: 'RSD',
      status: 'Isporučeno',
      channel: 'online',
    })
    await db
      .insert(ecommerceStatuses)
      .values({ customerId, status: 'Registrovan nalog', date: daysAgo(300) })
    await db.insert(communications).values({
      customerId,
      date: daysAgo(5),
      channel: 'sms',
      subject: 'Rođendanski poklon',
    })
    await db.insert(serviceCases).values({
      customerId,
      number: 'SRV-2025-000001',
      date: daysAgo(30),
      subject: 'Uređaj se ne puni',
      status: 'Rešen',
    })
    const reclamation = {
      customerId,
      registrationNumber: 'REK-2025-000001',
      serialNumber: 'OLD123',
      name: customer.fullname,
      address: 'Njegoševa 1, Beograd',
      phone: customer.phone ?? '',
      email: customer.email ?? '',
      receiptDate: '2025-06-02',
      item: 'Uređaj',
      purchaseDate: '2025-01-15',
      description: 'Uređaj se gasi.',
      verdict: 'established' as const,
      diagnostics: 'Neispravna baterija.',
    }
    await db.insert(reclamations).values([
      { ...reclamation, remedy: 'replaced', newSerialNumber: 'NEW456' },
      {
        ...reclamation,
        registrationNumber: 'REK-2025-000002',
        receiptDate: '2025-07-01',
        verdict: 'not-established',
        remedy: 'removed',
      },
    ])
    await db.insert(loyaltyActions).values([
      { customerId, rule: 'welcome', points: 100, date: daysAgo(300) },
      { customerId, rule: 'birthday', points: 50, date: daysAgo(3) },
    ])
    const referred = await createCustomer(api, { godfatherId: customerId, createdAt: daysAgo(2) })
    const referredEarlier = await createCustomer(api, {
      godfatherId: customerId,
      createdAt: daysAgo(40),
    })
    const voucher = await createVoucher(api, { godfatherId: customerId, status: 'used' })
    await db
      .update(vouchers)
      .set({ referredCustomerId: referred.id })
      .where(eq(vouchers.id, voucher.id))

    const response = await profile(customerId)
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(customerSchema), response.body)
    expect(data).toMatchObject({
      id: customerId,
      fullname: customer.fullname,
      email: customer.email,
      phone: customer.phone,
      referralCode: customer.referralCode,
      ffCode: null,
      points: 450,
      pointsSpent: 150,
      orders: [
        {
          number: 'WEB-2025-0000001',
          total: { amount: '2490.00', currency: 'RSD' },
          status: 'Isporučeno',
          channel: 'online',
        },
      ],
      ecommerceStatuses: [{ status: 'Registrovan nalog' }],
      communications: [{ channel: 'sms', subject: 'Rođendanski poklon' }],
      serviceCases: [{ number: 'SRV-2025-000001', status: 'Rešen' }],
      visitNotes: [],
    })
    expect(data.devices.map((device) => device.serialNumber)).toEqual(['NEW456', 'OLD123'])
    expect(data.devices[0]?.registeredAt).toBe(daysAgo(10).toISOString())
    expect(data.reclamations).toEqual([
      expect.objectContaining({
        registrationNumber: 'REK-2025-000002',
        verdict: 'not-established',
        remedy: { kind: 'removed' },
      }),
      {
        registrationNumber: 'REK-2025-000001',
        serialNumber: 'OLD123',
        name: customer.fullname,
        address: 'Njegoševa 1, Beograd',
        phone: customer.phone,
        email: customer.email,
        receiptDate: '2025-06-02',
        item: 'Uređaj',
        purchaseDate: '2025-01-15',
        description: 'Uređaj se gasi.',
        verdict: 'established',
        diagnostics: 'Neispravna baterija.',
        remedy: { kind: 'replaced', newSerialNumber: 'NEW456' },
      },
    ])
    expect(data.loyaltyActions.map((action) => [action.rule, action.points])).toEqual([
      ['birthday', 50],
      ['welcome', 100],
    ])
    expect(data.referrals).toEqual([
      {
        id: referred.id,
        fullname: referred.fullname,
        email: referred.email,
        registeredAt: daysAgo(2).toISOString(),
        voucher: { id: voucher.id, code: voucher.code, status: 'used' },
      },
      expect.objectContaining({ id: referredEarlier.id, voucher: null }),
    ])
  })

  it('answers 404 customer.notFound for an unknown or malformed id', async () => {
    for (const id of [2_000_000_000, 'abc', '0', '-5']) {
      const response = await profile(id)
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: 'Potrošač nije pronađen' })
    }
  })

  it('stores a visit note with the expert, their store and the time; the newest first', async () => {
    const customer = await createCustomer(api)
    const user = await manager()
    const first = await addNote({
      customerId: customer.id,
      reason: 'info',
      comment: '  Pitao za nove ukuse. ',
    })
    expect(first.status).toBe(201)
    const body = expectShape(dataEnvelope(visitNoteSchema), first.body)
    expect(body.message).toBe('Bilješka o posjeti je sačuvana.')
    expect(body.data).toMatchObject({
      reason: 'info',
      comment: 'Pitao za nove ukuse.',
      expert: user.fullname,
      store: user.store?.name,
    })
    const age = api.clock.now().getTime() - new Date(body.data.createdAt).getTime()
    expect(Math.abs(age)).toBeLessThan(10_000)
    expect(await notesOf(customer.id)).toMatchObject([
      { userId: user.id, storeId: user.store?.id, reason: 'info' },
    ])

    api.clock.advance(60_000)
    const agent = await userWithoutStore(api, 'agent')
    const second = await addNote(
      { customerId: customer.id, reason: 'reclamation', comment: 'Prijavio kvar.' },
      agent.token,
    )
    expect(second.status).toBe(201)
    expect(second.body).toMatchObject({ data: { expert: agent.fullname, store: null } })

    const { data } = expectShape(dataEnvelope(customerSchema), (await profile(customer.id)).body)
    expect(data.visitNotes.map((note) => [note.reason, note.expert, note.store])).toEqual([
      ['reclamation', agent.fullname, null],
      ['info', user.fullname, user.store?.name],
    ])
    expect(new Date(data.visitNotes[0]?.createdAt ?? 0).getTime()).toBeGreaterThan(
      new Date(data.visitNotes[1]?.createdAt ?? 0).getTime(),
    )
  })

  it('refuses a bad visit note and stores nothing', async () => {
    const customer = await createCustomer(api)
    const required = 'Ovo polje je obavezno.'
    const notChosen = 'Niste odabrali potrošača. Molimo vas da ga prvo izaberete.'
    const cases = [
      [{ customerId: customer.id, reason: 'gossip', comment: 'x' }, 'reason', required],
      [{ customerId: customer.id, reason: 'info', comment: '   ' }, 'comment', required],
      [{ customerId: customer.id, reason: 'info' }, 'comment', required],
      [{ reason: 'info', comment: 'Bez kupca.' }, 'customerId', notChosen],
      [{ customerId: 0, reason: 'info', comment: 'Bez kupca.' }, 'customerId', notChosen],
    ] as const
    for (const [body, field, message] of cases) {
      const response = await addNote(body)
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ invalidFields: [{ field, message }] })
    }
    const long = await addNote({
      customerId: customer.id,
      reason: 'info',
      comment: 'a'.repeat(2001),
    })
    expect(long.status).toBe(400)
    expect(await notesOf(customer.id)).toEqual([])

    const unknown = await addNote({ customerId: 2_000_000_000, reason: 'info', comment: 'Ko?' })
    expect(unknown.status).toBe(404)
    expect(unknown.body).toMatchObject({ message: 'Potrošač nije pronađen' })
  })

  it('lists the trials that hold the customer’s email or phone, latest captured first, with their answers', async () => {
    const daysAgo = daysBeforeNow()
    const customer = await createCustomer(api, { email: 'Trial.Kupac@Gmail.com' })
    const other = await createCustomer(api)
    const user = await manager()
    const store = user.store ?? (await createStore(api))
    const trial = (values: {
      email?: string | null
      phone?: string | null
      createdAt: Date
      capturedAt?: Date
      shopping?: string | null
      answers?: TrialAnswers
    }) => ({
      userId: user.id,
      storeId: store.id,
      kind: values.answers ? ('guided' as const) : ('simple' as const),
      answers: values.answers ?? 'Proba',
      email: values.email ?? null,
      phone: values.phone ?? null,
      shopping: values.shopping ?? null,
      createdAt: values.createdAt,
      receivedAt: values.createdAt,
      capturedAt: values.capturedAt ?? values.createdAt,
    })
    // The wizard's answers, stored as received: the tab reads them as the trial's page does.
    const guided = {
      ...guidedAnswers(),
      email: { ...guidedAnswers().email, email: 'trial.kupac@gmail.com' },
    }
    const rows = await api.db
      .insert(trials)
      .values([
        // Finished offline three days ago, received today: listed by when it happened.
        trial({
          email: 'trial.kupac@gmail.com',
          createdAt: daysAgo(0),
          capturedAt: daysAgo(3),
          shopping: 'yes',
          answers: guided,
        }),
        trial({ phone: customer.phone, createdAt: daysAgo(1), shopping: 'no' }),
        trial({ email: other.email, phone: other.phone, createdAt: daysAgo(2) }),
      ])
      .returning({ id: trials.id })
    const response = await api.request('GET', `/customer/${customer.id}/trials`, {
      token: user.token,
    })
    expect(response.status).toBe(200)
    const { data } = expectShape(dataEnvelope(customerTrialListSchema), response.body)
    expect(data.count).toBe(2)
    expect(data.rows).toEqual([
      {
        id: rows[1]?.id,
        createdAt: daysAgo(1).toISOString(),
        capturedAt: daysAgo(1).toISOString(),
        store: store.name,
        expert: user.fullname,
        shopping: 'no',
        answers: null,
        contentEdition: 1,
      },
      {
        id: rows[0]?.id,
        createdAt: daysAgo(0).toISOString(),
        capturedAt: daysAgo(3).toISOString(),
        store: store.name,
        expert: user.fullname,
        shopping: 'yes',
        answers: guided,
        contentEdition: 1,
      },
    ])

    const nobody = await createCustomer(api, { email: null, phone: null })
    const none = await api.request('GET', `/customer/${nobody.id}/trials`, { token: user.token })
    expect(none.body).toEqual({ data: { rows: [], count: 0 } })
    const missing = await api.request('GET', '/customer/2000000000/trials', { token: user.token })
    expect(missing.status).toBe(404)
  })

  describe('who may read customers', () => {
    async function calls() {
      const customer = await createCustomer(api)
      return [
        ['GET', '/customer/search?query=abc', undefined],
        ['GET', `/customer/${customer.id}`, undefined],
        ['GET', `/customer/${customer.id}/trials`, undefined],
        ['POST', '/customer/form', { customerId: customer.id, reason: 'info', comment: 'x' }],
      ] as const
    }

    it('needs a signed-in user', async () => {
      for (const [method, path, body] of await calls()) {
        const response = await api.request(method, path, { body })
        expect(response.status).toBe(401)
      }
    })

    it('refuses a manager who is not checked in to a store, and stores nothing', async () => {
      const { token } = await userWithoutStore(api, 'manager')
      const list = await calls()
      for (const [method, path, body] of list) {
        const response = await api.request(method, path, { token, body, language: 'en' })
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({ message: messages.notAssignedToStore.message })
      }
      const [, , , [, , note]] = list
      expect(await notesOf(note.customerId)).toEqual([])
    })

    it('lets an agent, an admin and a super user in', async () => {
      for (const role of ['agent', 'admin', 'super'] as const) {
        const { token } = await userWithoutStore(api, role)
        for (const [method, path, body] of await calls()) {
          const response = await api.request(method, path, { token, body })
          expect(response.status, `${role} ${method} ${path}`).toBe(method === 'POST' ? 201 : 200)
        }
      }
    })
  })
})
