import { count, eq, is, isNotNull, Placeholder, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  customerListSchema,
  customerSchema,
  loyaltyRules,
  referralCodeFormat,
} from '../../src/contract/customers.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { voucherSchema } from '../../src/contract/vouchers.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { demoPassword, seedDemo } from '../../server/demo/seed.ts'
import { demoCustomerCount, generateCustomers } from '../../server/demo/seed-customers.ts'
import {
  customers,
  loyaltyActions,
  reclamations,
  visitNotes,
} from '../../server/db/schema/customers.ts'
import { voucherLog, vouchers } from '../../server/db/schema/vouchers.ts'
import { customerMatch, customerPagesQuery } from '../../server/routes/customers/search.ts'
import { signIn } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

describe('the customer generator', () => {
  it('makes the same customers from the same seed, and others from another', () => {
    const now = new Date('2026-01-01T00:00:00Z')
    const once = JSON.stringify([...generateCustomers(200, 7, now)])
    expect(JSON.stringify([...generateCustomers(200, 7, now)])).toBe(once)
    expect(JSON.stringify([...generateCustomers(200, 8, now)])).not.toBe(once)
  })

  it('makes realistic, unique Serbian and Montenegrin customers', () => {
    const made = [...generateCustomers(3000, 1)]
    const codes = new Set(made.map((customer) => customer.referralCode))
    expect(codes.size).toBe(made.length)
    for (const customer of made) {
      expect(customer.referralCode).toMatch(/^REF-[2-9A-HJ-NP-Z]{6}$/)
      expect(customer.referralCode).toMatch(referralCodeFormat)
      if (customer.phone !== null) expect(customer.phone).toMatch(/^\+38[12]6\d{7,8}$/)
      expect(customer.email ?? customer.phone).not.toBeNull()
      if (customer.godfatherNumber !== null) {
        expect(customer.godfatherNumber).toBeLessThan(customer.number)
      }
      expect(customer.points).toBeGreaterThanOrEqual(0)
    }
    expect(made.some((customer) => /[čćšžđ]/i.test(customer.fullname))).toBe(true)
    expect(made.some((customer) => customer.phone?.startsWith('+3826'))).toBe(true)
    expect(made.some((customer) => customer.ffCode !== null)).toBe(true)
    const rules = new Set(made.flatMap((customer) => customer.loyaltyActions.map((a) => a.rule)))
    expect([...rules].sort()).toEqual([...loyaltyRules].sort())
  })
})

describe.each(databases)('the demo customers and vouchers on $name', (database) => {
  const api = useApi(database)
  let tokenPromise: Promise<string> | undefined
  const token = () =>
    (tokenPromise ??= seedDemo(api.db, api.clock.now).then(() =>
      signIn(api, { email: 'manager@example.rs', password: demoPassword }),
    ))

  it('seeds the customers with everything the profile shows', async () => {
    await token()
    const total = async (table: typeof customers | typeof reclamations | typeof visitNotes) =>
      (await api.db.select({ count: count() }).from(table))[0]?.count ?? 0
    expect(await total(customers)).toBe(demoCustomerCount)
    expect(await total(reclamations)).toBeGreaterThan(0)
    expect(await total(visitNotes)).toBeGreaterThan(0)
    const rules = await api.db.selectDistinct({ rule: loyaltyActions.rule }).from(loyaltyActions)
    expect(rules.map((row) => row.rule).sort()).toEqual([...loyaltyRules].sort())

    const [withReclamation] = await api.db
      .select({ id: reclamations.customerId })
      .from(reclamations)
      .limit(1)
    const [godfather] = await api.db
      .select({ id: customers.godfatherId })
      .from(customers)
      .where(isNotNull(customers.godfatherId))
      .limit(1)
    for (const id of [withReclamation?.id, godfather?.id]) {
      const response = await api.request('GET', `/customer/${id}`, { token: await token() })
      expect(response.status).toBe(200)
      expectShape(dataEnvelope(customerSchema), response.body)
    }
    const { data } = expectShape(
      dataEnvelope(customerSchema),
      (await api.request('GET', `/customer/${godfather?.id}`, { token: await token() })).body,
    )
    expect(data.referrals.length).toBeGreaterThan(0)
    expect(data.loyaltyActions.some((action) => action.rule === 'referral-registered')).toBe(true)
  })

  it('answers the demo voucher codes with their statuses', async () => {
    const expected = [
      ['MGM-VALID-0001', 'valid'],
      ['MGM-VALID-0100', 'valid'],
      ['MGM-USED-0001', 'used'],
      ['MGM-EXPIRED-0001', 'expired'],
      ['LOYALTY-0001', 'valid'],
      ['PROMO-0002', 'valid'],
    ] as const
    for (const [code, status] of expected) {
      const response = await api.request('GET', `/voucher/search?code=${code}`, {
        token: await token(),
      })
      expect(response.status, code).toBe(200)
      const { data } = expectShape(dataEnvelope(voucherSchema), response.body)
      expect(data.status, code).toBe(status)
      if (code.startsWith('MGM')) expect(data.godfather, code).not.toBeNull()
      else expect(data.value, code).not.toBeNull()
    }
    const [used] = await api.db.select().from(vouchers).where(eq(vouchers.code, 'MGM-USED-0001'))
    const log = await api.db
      .select()
      .from(voucherLog)
      .where(eq(voucherLog.voucherId, used?.id ?? 0))
    expect(log).toHaveLength(1)
  })

  it('finds seeded customers by a name with its marks, and redeems a demo voucher', async () => {
    const [someone] = await api.db
      .select({
        id: customers.id,
        fullname: customers.fullname,
        godfatherId: customers.godfatherId,
      })
      .from(customers)
      .where(sql`${customers.fullname} ~ '[ČĆŠŽĐčćšžđ]'`)
      .limit(1)
    const response = await api.request(
      'GET',
      `/customer/search?query=${encodeURIComponent(someone?.fullname ?? '')}`,
      { token: await token() },
    )
    const { data } = expectShape(dataEnvelope(customerListSchema), response.body)
    expect(data.rows.map((row) => row.id)).toContain(someone?.id)

    const redeemed = await api.request('POST', '/voucher/submit', {
      token: await token(),
      body: { code: 'MGM-VALID-0002', customerId: someone?.id },
    })
    expect(redeemed.status).toBe(200)
  })

  it('serves every kind of query from the indexes, in the plan its prepared statement keeps', async () => {
    await token()
    // A name, email parts (one with a dot), phone parts (local, so two prefixes; digits only), a
    // whole number and a referral code. The plan is the generic one, made without the values, as
    // PostgreSQL may keep for a prepared statement after a few runs.
    const queries = ['petrović', 'gmail', 'j.pet', '0641', '641234', '+38164123', 'REF-ABCDEF']
    for (const query of queries) {
      const match = customerMatch(query)
      if (!match) throw new Error('no match for a query')
      const { sql: text, params } = customerPagesQuery(api.db, match.shape).toSQL()
      // One search: each placeholder is an array of one value.
      const values = params.map((param) =>
        is(param, Placeholder) ? [param.name === 'offset' ? 0 : match.values[param.name]] : param,
      )
      const plan = await api.db.transaction(async (tx) => {
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`)
        await tx.execute(sql`set local enable_seqscan = off`)
        await tx.execute(sql.raw(`prepare plan_check as ${text}`))
        try {
          // EXECUTE takes no bound parameters: the values go in as literals.
          const literal = (value: unknown): string =>
            Array.isArray(value)
              ? `ARRAY[${value.map(literal).join(', ')}]`
              : typeof value === 'number'
                ? String(value)
                : `'${String(value).replaceAll("'", "''")}'`
          const literals = values.map(literal)
          const result: unknown = await tx.execute(
            sql.raw(`explain execute plan_check(${literals.join(', ')})`),
          )
          return rowsOf(result)
            .map((row) => String(row['QUERY PLAN']))
            .join('\n')
        } finally {
          await tx.execute(sql`deallocate plan_check`)
        }
      })
      expect(plan, query).not.toMatch(/Seq Scan/)
      if (query !== 'REF-ABCDEF') expect(plan, query).toMatch(/customers_\w+_(trgm|prefix)_index/)
      // A whole or local number is a prefix of the stored +… numbers: the prefix index, not the
      // trigrams (every number holds those of +38).
      if (match.shape.phones.includes('prefix')) {
        expect(plan, query).toMatch(/customers_phone_prefix_index/)
      }
      // An international number is looked for among the numbers only.
      if (query.startsWith('+'))
        expect(plan, query).not.toMatch(/customers_(email|fullname)_\w*trgm/)
      // Part of an email is looked up by its key, dots and all.
      if (match.shape.email) expect(plan, query).toMatch(/customers_email_key_trgm_index/)
    }
  })
})
