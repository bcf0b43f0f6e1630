import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { ConsentRecord } from '../../../src/contract/consents.ts'
import {
  communications,
  devices,
  ecommerceStatuses,
  loyaltyActions,
  orders,
  reclamations,
  serviceCases,
  visitNotes,
} from '../../../server/db/schema/customers.ts'
import { voucherLog, vouchers } from '../../../server/db/schema/vouchers.ts'
import { guidedAnswers, trialBody } from '../../support/trial-body.ts'
import { createCustomer, createVoucher } from './customer-fixtures.ts'
import { createStore, createUser, signIn } from './fixtures.ts'
import type { TestApi } from './harness.ts'
import { postTrial } from './trial-fixtures.ts'

/** A customer with a record of every kind held about a customer (the export's and erasure's tests). */
const dayMs = 24 * 60 * 60 * 1000

/** The consents as the wizard records them: one ticked by the app, one by the person. */
export const recorded: ConsentRecord[] = [
  {
    consent: 'privacyPolicy',
    given: true,
    ticked_by: 'app',
    text_id: '0123456789abcdef',
    locale: 'sr',
  },
  {
    consent: 'analizeData',
    given: false,
    ticked_by: 'person',
    text_id: 'fedcba9876543210',
    locale: 'sr',
  },
]

/**
 * One customer with at least one record of every kind held about a customer; the referred
 * customer's contacts are what the export must not carry.
 */
export async function customerWithEverything(api: TestApi, fullname?: string) {
  const { db } = api
  const daysAgo = (days: number) => new Date(api.clock.now().getTime() - days * dayMs)
  const customer = await createCustomer(api, { ...(fullname ? { fullname } : {}), points: 150 })
  const customerId = customer.id
  const expert = await createUser(api, { role: 'agent' })
  const store = await createStore(api)
  await db
    .insert(devices)
    .values({ customerId, serialNumber: 'SN-EXPORT', color: 'Silver', registeredAt: daysAgo(90) })
  await db.insert(orders).values({
    customerId,
    number: 'WEB-EXPORT-1',
    orderedAt: daysAgo(20),
    totalAmount: '2490.00',
    currency: 'RSD',
    status: 'Isporučeno',
    channel: 'online',
  })
  await db
    .insert(ecommerceStatuses)
    .values({ customerId, status: 'Registrovan nalog', date: daysAgo(90) })
  await db
    .insert(communications)
    .values({ customerId, date: daysAgo(5), channel: 'sms', subject: 'Poklon' })
  await db.insert(serviceCases).values({
    customerId,
    number: 'SRV-EXPORT',
    date: daysAgo(30),
    subject: 'Punjač',
    status: 'Rešen',
  })
  await db.insert(reclamations).values({
    customerId,
    registrationNumber: 'REK-EXPORT',
    serialNumber: 'SN-EXPORT',
    name: customer.fullname,
    address: 'Njegoševa 1, Beograd',
    phone: customer.phone ?? '',
    email: customer.email ?? '',
    receiptDate: '2025-06-02',
    item: 'Uređaj',
    purchaseDate: '2025-01-15',
    description: 'Uređaj se gasi.',
    verdict: 'established',
    diagnostics: 'Baterija.',
    remedy: 'removed',
  })
  await db
    .insert(loyaltyActions)
    .values({ customerId, rule: 'welcome', points: 100, date: daysAgo(90) })
  await db.insert(visitNotes).values({
    customerId,
    userId: expert.id,
    storeId: store.id,
    reason: 'purchase',
    comment: '<img src=x onerror=alert(1)> Kupio štapiće.',
  })
  // A customer this one referred, with the MGM voucher that referred them, used by them.
  const referred = await createCustomer(api, { godfatherId: customerId })
  const mgm = await createVoucher(api, { godfatherId: customerId, status: 'used' })
  await db
    .update(vouchers)
    .set({ referredCustomerId: referred.id, usedByCustomerId: referred.id, usedAt: daysAgo(1) })
    .where(eq(vouchers.id, mgm.id))
  // A voucher the customer used themselves.
  const promo = await createVoucher(api, {
    type: 'PROMO',
    status: 'used',
    amount: '500.00',
    currency: 'RSD',
  })
  const logLine = { date: daysAgo(1), expert: expert.fullname, store: store.name }
  await db.insert(voucherLog).values([
    { voucherId: mgm.id, code: mgm.code, type: 'MGM', customerEmail: referred.email, ...logLine },
    {
      voucherId: promo.id,
      code: promo.code,
      type: 'PROMO',
      customerEmail: customer.email,
      ...logLine,
    },
  ])
  // A trial whose answers hold the customer's email (in another case) and phone, with consents.
  const author = { ...expert, token: await signIn(api, expert) }
  const answers = guidedAnswers()
  const contact = { email: (customer.email ?? '').toUpperCase(), phone: customer.phone ?? '' }
  answers.email = { ...answers.email, ...contact }
  const posted = await postTrial(api, {
    token: author.token,
    body: { ...trialBody(store.id, answers), consents: recorded },
    key: crypto.randomUUID(),
  })
  expect(posted.status).toBe(201)
  // Somebody else's trial, which is not the customer's.
  const other = guidedAnswers()
  other.email = { ...other.email, email: 'neko.drugi@example.rs', phone: '+381601111111' }
  const otherTrial = await postTrial(api, {
    token: author.token,
    body: trialBody(store.id, other),
    key: crypto.randomUUID(),
  })
  expect(otherTrial.status).toBe(201)
  return { customer, referred, mgm, promo, store, expert }
}
