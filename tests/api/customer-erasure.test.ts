import { randomUUID } from 'node:crypto'
import { customerRightsMessages } from '../../src/contract/customer-rights-messages.ts'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  customerExportSchema,
  erasureSchema,
  trialContactExportSchema,
} from '../../src/contract/customer-rights.ts'
import { customerSchema, customerListSchema } from '../../src/contract/customers.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { trialCreatedSchema, trialSchema } from '../../src/contract/trial.ts'
import { publicSealKeySchema } from '../../src/contract/trial-seal.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { customers } from '../../server/db/schema/customers.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { guidedAnswers, sealedTrialBody, trialBody } from '../support/trial-body.ts'
import {
  createCustomer,
  createVoucher,
  managerWithStore,
  userWithoutStore,
} from './support/customer-fixtures.ts'
import { customerWithEverything } from './support/customer-everything.ts'
import { createStore, createUser, signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { postTrial } from './support/trial-fixtures.ts'

/**
 * Every row of every table of the app's schema whose text holds one of `needles` (without regard
 * to case): read from the catalogue, so that a table added later is searched too.
 */
async function tablesHolding(api: TestApi, needles: string[]): Promise<string[]> {
  const tables = rowsOf(
    await api.db.execute(sql`select table_name from information_schema.tables
      where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`),
  ).map((row) => String(row.table_name))
  expect(tables).toEqual(expect.arrayContaining(['customers', 'trials', 'voucher_log']))
  const found: string[] = []
  for (const table of tables) {
    for (const needle of needles) {
      const [row] = rowsOf(
        await api.db.execute(
          sql`select count(*)::int as count from ${sql.identifier(table)} as t
            where position(${needle.toLowerCase()} in lower(t::text)) > 0`,
        ),
      )
      if (Number(row?.count) > 0) found.push(`${table} holds ${needle}`)
    }
  }
  return found
}

describe.each(databases)("a customer's erasure on $name", (database) => {
  const api = useApi(database)

  async function admin() {
    return (await userWithoutStore(api, 'admin')).token
  }

  const erase = (token: string, body: unknown, key: string = randomUUID()) =>
    api.request('POST', '/customer/erase', {
      token,
      body,
      language: 'en',
      headers: { 'Idempotency-Key': key },
    })

  it('leaves no trace of the person in any table, keeps the counts, and is audited by ids', async () => {
    const fullname = `Erazmo ${randomUUID().slice(0, 8)}`
    const { customer, mgm, store } = await customerWithEverything(api, fullname)
    const email = customer.email ?? ''
    const phone = customer.phone ?? ''
    // A voucher redeemed for them with a key: the key's kept answer names their email.
    const manager = await managerWithStore(api)
    const voucher = await createVoucher(api, { type: 'PROMO', amount: '100.00', currency: 'RSD' })
    const redeemed = await api.request('POST', '/voucher/submit', {
      token: manager.token,
      body: { code: voucher.code, customerId: customer.id },
      headers: { 'Idempotency-Key': randomUUID() },
    })
    expect(redeemed.status).toBe(200)
    // A note of their visit that names them.
    await api.request('POST', '/customer/form', {
      token: manager.token,
      body: {
        customerId: customer.id,
        reason: 'info',
        comment: `${fullname} asked about ${phone}`,
      },
    })
    const needles = [email, phone, fullname]
    expect(await tablesHolding(api, needles)).toEqual(
      expect.arrayContaining([
        `customers holds ${email}`,
        `trials holds ${phone}`,
        `voucher_log holds ${email}`,
        `idempotency_keys holds ${email}`,
        `reclamations holds ${fullname}`,
        `visit_notes holds ${fullname}`,
      ]),
    )
    const trialCount = await api.db.$count(trials)
    const token = await admin()

    const response = await erase(token, { id: customer.id, reason: 'request' })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(erasureSchema), response.body)
    expect(body.message).toBe("The customer's personal data is erased.")
    expect(body.data).toMatchObject({ customerId: customer.id, trials: 1 })

    expect(await tablesHolding(api, needles)).toEqual([])
    expect(await api.db.$count(trials)).toBe(trialCount)
    const profile = await api.request('GET', `/customer/${customer.id}`, { token })
    const kept = expectShape(dataEnvelope(customerSchema), profile.body).data
    expect(kept).toMatchObject({ fullname: '', email: null, phone: null, points: 150 })
    expect(kept.erasedAt).toBe(body.data.erasedAt)
    expect(kept.orders).toHaveLength(1)
    expect(kept.visitNotes).toHaveLength(2)
    const exported = await api.request('GET', `/customer/${customer.id}/export`, { token })
    const data = expectShape(dataEnvelope(customerExportSchema), exported.body).data
    // The vouchers that name them by id still do.
    expect(data.vouchers.map((one) => one.id)).toContain(mgm.id)
    // Their trial stays counted at its store, without its contact and free texts.
    const atStore = await api.db.select().from(trials).where(eq(trials.storeId, store.id))
    const anonymised = atStore.filter((row) => row.anonymisedAt !== null)
    expect(anonymised).toHaveLength(1)
    const [trial] = anonymised
    expect(trial).toMatchObject({ email: null, phone: null, gender: guidedAnswers().gender })
    const [entry] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'customer.erase'))
    expect(entry).toMatchObject({
      target: `customer:${customer.id}`,
      detail: `reason request; trials ${trial?.id}`,
    })
    // The search finds them no more, by any of what they were.
    for (const query of [customer.referralCode, fullname]) {
      const search = await api.request(
        'GET',
        `/customer/search?query=${encodeURIComponent(query)}`,
        {
          token: manager.token,
        },
      )
      expect(expectShape(dataEnvelope(customerListSchema), search.body).data.count).toBe(0)
    }
  })

  it('erases once: a double click, a retry and a second request change nothing more', async () => {
    const customer = await createCustomer(api)
    const token = await admin()
    const key = randomUUID()
    const [first, again] = await Promise.all([
      erase(token, { id: customer.id, reason: 'objection' }, key),
      erase(token, { id: customer.id, reason: 'objection' }, key),
    ])
    const statuses = [first.status, again.status].sort()
    // The same key at once: one erases, the other is told it is at work, or replays it.
    expect(statuses[0]).toBe(200)
    expect([200, 409]).toContain(statuses[1])
    const retried = await erase(token, { id: customer.id, reason: 'objection' }, key)
    expect(retried.status).toBe(200)
    expect(retried.headers.get('Idempotent-Replayed')).toBe('true')
    const later = await erase(token, { id: customer.id, reason: 'request' })
    expect(later.status).toBe(200)
    const erasedAt = expectShape(dataEnvelope(erasureSchema), retried.body).data.erasedAt
    expect(expectShape(dataEnvelope(erasureSchema), later.body).data).toEqual({
      erasedAt,
      customerId: customer.id,
      trials: 0,
    })
    const entries = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `customer:${customer.id}`))
    expect(entries.filter((entry) => entry.action === 'customer.erase')).toHaveLength(1)
  })

  it('anonymises a trial queued on a tablet before the erasure when it arrives, and a replay answers it', async () => {
    const customer = await createCustomer(api)
    const store = await createStore(api)
    const agent = await createUser(api)
    const agentToken = await signIn(api, agent)
    const keyResponse = await api.request('GET', '/trial-seal-key', { token: agentToken })
    const sealKey = expectShape(dataEnvelope(publicSealKeySchema), keyResponse.body).data
    const answers = guidedAnswers()
    answers.email = { ...answers.email, email: customer.email ?? '', phone: customer.phone ?? '' }
    answers.goldComment = `Zove se ${customer.fullname}`
    // Sealed on the tablet while it was offline, before the erasure.
    const trialKey = randomUUID()
    const queued = await sealedTrialBody(store.id, trialKey, sealKey, answers)

    const erased = await erase(await admin(), { id: customer.id, reason: 'request' })
    expect(erased.status).toBe(200)
    const arrived = await postTrial(api, { token: agentToken, body: queued, key: trialKey })
    expect(arrived.status).toBe(201)
    const { id } = expectShape(dataEnvelope(trialCreatedSchema), arrived.body).data
    const read = await api.request('GET', `/questionnaire/${id}`, { token: await admin() })
    const trial = expectShape(dataEnvelope(trialSchema), read.body).data
    expect(trial.anonymisedAt).not.toBeNull()
    expect(JSON.stringify(trial)).not.toContain(customer.email)
    expect(JSON.stringify(trial)).not.toContain(customer.fullname)
    expect(trial.comment).toMatchObject({ gender: answers.gender, email: { privacyPolicy: true } })
    const replay = await postTrial(api, { token: agentToken, body: queued, key: trialKey })
    expect(replay.status).toBe(201)
    expect(expectShape(dataEnvelope(trialCreatedSchema), replay.body).data.id).toBe(id)
    // Another person's trial arrives as it was sent.
    const other = await postTrial(api, { token: agentToken, body: trialBody(store.id) })
    const otherId = expectShape(dataEnvelope(trialCreatedSchema), other.body).data.id
    const [otherRow] = await api.db.select().from(trials).where(eq(trials.id, otherId))
    expect(otherRow).toMatchObject({ anonymisedAt: null, email: guidedAnswers().email.email })
  })

  it('finds and erases a person known only from trials, leaving customers with other contacts', async () => {
    const store = await createStore(api)
    const agent = await createUser(api)
    const agentToken = await signIn(api, agent)
    const email = `samo.proba.${randomUUID().slice(0, 6)}@example.rs`
    const answers = guidedAnswers()
    answers.email = { ...answers.email, email, phone: '+381641234999' }
    answers.shopping = 'no'
    answers.shoppingUnsuccess = { reason: ['needs-time'], comment: 'Javiće se na 0641234999' }
    const posted = await postTrial(api, { token: agentToken, body: trialBody(store.id, answers) })
    expect(posted.status).toBe(201)
    const bystander = await createCustomer(api)
    const token = await admin()

    const found = await api.request(
      'GET',
      `/customer/trial-contact?email=${encodeURIComponent(email.toUpperCase())}`,
      { token },
    )
    expect(found.status).toBe(200)
    const held = expectShape(dataEnvelope(trialContactExportSchema), found.body).data
    expect(held.customerIds).toEqual([])
    expect(held.trials).toHaveLength(1)
    const [read] = await api.db.select().from(auditLog).where(eq(auditLog.target, 'trial-contact'))
    expect(read?.detail).toBe(`export json; trials ${held.trials[0]?.id}`)
    expect(JSON.stringify(read)).not.toContain(email)

    // Corrected and reviewed before: the revisions hold the contact too.
    const trialId = held.trials[0]?.id ?? 0
    const corrected = await api.request('POST', '/questionnaire/correct', {
      token,
      body: {
        id: trialId,
        revision: 1,
        changes: { comment: { email: { email: email.toUpperCase() } } },
        reason: 'typo',
      },
    })
    expect(corrected.status).toBe(200)
    const reviewed = await api.request('POST', '/questionnaire/review', {
      token,
      body: { id: trialId, revision: 2, state: 'accepted', comment: `Zvali smo ${email}` },
    })
    expect(reviewed.status).toBe(200)
    expect(await tablesHolding(api, [email])).toEqual(
      expect.arrayContaining([`trial_revisions holds ${email}`]),
    )

    const response = await erase(token, { phone: '+381641234999', reason: 'consent-withdrawn' })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(erasureSchema), response.body)
    expect(body.data).toMatchObject({ customerId: null, trials: 1 })
    expect(body.message).toBe("The person's contact and free texts are removed from their trials.")
    expect(await tablesHolding(api, [email, '0641234999', '+381641234999'])).toEqual([])
    const [bystanderRow] = await api.db
      .select()
      .from(customers)
      .where(eq(customers.id, bystander.id))
    expect(bystanderRow).toMatchObject({ email: bystander.email, erasedAt: null })
  })

  it('refuses what names nobody or both, and is for administration only', async () => {
    const token = await admin()
    const customer = await createCustomer(api)
    const neither = await erase(token, { reason: 'request' })
    expect(neither.status).toBe(400)
    expect(JSON.stringify(neither.body)).toContain(
      "Name either a customer or a person's email or phone, not both.",
    )
    const both = await erase(token, { id: customer.id, email: 'a@example.rs', reason: 'request' })
    expect(both.status).toBe(400)
    const noReason = await erase(token, { id: customer.id })
    expect(noReason.status).toBe(400)
    const badPhone = await api.request('GET', '/customer/trial-contact?phone=0641234', {
      token,
      language: 'en',
    })
    expect(badPhone.status).toBe(400)
    expect(JSON.stringify(badPhone.body)).toContain(
      customerRightsMessages.trialContactPhone.message,
    )
    const nothing = await api.request('GET', '/customer/trial-contact', { token })
    expect(nothing.status).toBe(400)
    expect((await erase(token, { id: 2_000_000_000, reason: 'request' })).status).toBe(404)
    for (const role of ['agent', 'manager'] as const) {
      const other = (await userWithoutStore(api, role)).token
      expect((await erase(other, { id: customer.id, reason: 'request' })).status).toBe(403)
    }
    const [row] = await api.db.select().from(customers).where(eq(customers.id, customer.id))
    expect(row?.erasedAt).toBeNull()
  })
})
