import { randomBytes } from 'node:crypto'
import { asc, count, gt, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { customerCountLimit, customerListSchema } from '../../src/contract/customers.ts'
import { dataEnvelope, pageSize } from '../../src/contract/http.ts'
import { auditHead, auditLog } from '../../server/db/schema/audit.ts'
import { customers } from '../../server/db/schema/customers.ts'
import { searchCustomers } from '../../server/routes/customers/search.ts'
import {
  createCustomer,
  managerWithStore,
  uniquePhone,
  type SignedIn,
} from './support/customer-fixtures.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { uniqueWord } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi } from './support/harness.ts'
import { storeMessages } from '../../src/contract/store-messages.ts'

describe.each(databases)('customer search on $name', (database) => {
  // These tests search far faster than a person does; the limits are tested on their own below.
  const api = useApi(database, { customerSearchLimits: { perMinute: null, perHour: null } })
  let managerPromise: Promise<SignedIn> | undefined
  const manager = () => (managerPromise ??= managerWithStore(api))

  async function search(query: string, page?: number | string) {
    const params = new URLSearchParams({ query })
    if (page !== undefined) params.set('page', String(page))
    const { token } = await manager()
    const response = await api.request('GET', `/customer/search?${params}`, { token })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(customerListSchema), response.body).data
  }

  const idsOf = async (query: string) => (await search(query)).rows.map((row) => row.id)

  it('finds a customer by the exact referral code, without regard to case', async () => {
    const customer = await createCustomer(api, { points: 120 })
    const result = await search(customer.referralCode.toLowerCase())
    expect(result).toEqual({
      rows: [
        {
          id: customer.id,
          fullname: customer.fullname,
          email: customer.email,
          phone: customer.phone,
          referralCode: customer.referralCode,
          points: 120,
        },
      ],
      count: 1,
    })
    // Part of a referral code is not a match of its own.
    expect(await idsOf(customer.referralCode.slice(0, -2))).toEqual([])
  })

  it('looks up a whole referral code as a code only, not in emails or names', async () => {
    const code = `REF-${randomBytes(3).toString('hex').toUpperCase()}`
    const owner = await createCustomer(api, { referralCode: code })
    const mentioning = await createCustomer(api, { email: `${code.toLowerCase()}.x@gmail.com` })
    expect(await idsOf(code.toLowerCase())).toEqual([owner.id])
    // Anything short of a whole code is looked for in emails and names as before.
    expect(await idsOf(code.slice(0, -1))).toEqual([mentioning.id])
  })

  it('finds customers by part of their email, without regard to case', async () => {
    const word = uniqueWord('mail')
    const first = await createCustomer(api, { email: `marko.${word}@gmail.com` })
    const second = await createCustomer(api, { email: `ana.${word}@eunet.rs` })
    await createCustomer(api, { email: `${uniqueWord()}@gmail.com` })
    expect((await idsOf(word.toUpperCase())).sort()).toEqual([first.id, second.id].sort())
    expect(await idsOf(`ana.${word}@eun`)).toEqual([second.id])
  })

  it('finds part of an email with its dots, not the same letters around another mark', async () => {
    const word = uniqueWord('m')
    const dotted = await createCustomer(api, { email: `${word}.ana@gmail.com` })
    const joined = await createCustomer(api, { email: `${word}qana@gmail.com` })
    const dashed = await createCustomer(api, { email: `${word}-ana@gmail.com` })
    expect(await idsOf(`${word}.ana`)).toEqual([dotted.id])
    expect(await idsOf(`${word}qana`)).toEqual([joined.id])
    expect(await idsOf(`${word}-ana@`)).toEqual([dashed.id])
    expect((await idsOf(`ana@gmail`)).length).toBeGreaterThanOrEqual(3)
  })

  it('finds a phone by part of it, with spaces, or in the local 06… form', async () => {
    const serbian = await createCustomer(api, { phone: uniquePhone('+3816') })
    const montenegrin = await createCustomer(api, { phone: uniquePhone('+3826') })
    for (const customer of [serbian, montenegrin]) {
      const phone = customer.phone ?? ''
      const local = `0${phone.slice(4)}`
      const spaced = `${local.slice(0, 3)} ${local.slice(3, 6)} ${local.slice(6)}`
      for (const query of [
        phone,
        phone.slice(3),
        local,
        spaced,
        `+${phone.slice(1, 4)} ${phone.slice(4)}`,
      ]) {
        expect(await idsOf(query), query).toEqual([customer.id])
      }
    }
  })

  it('finds a name by part of it, with or without č ć š ž đ', async () => {
    const word = uniqueWord('n')
    const customer = await createCustomer(api, { fullname: `Đurđina Šćepanović-Žarković ${word}` })
    for (const query of [
      `Šćepanović-Žarković ${word}`,
      `šćepanović-žarković ${word}`,
      `SCEPANOVIC-ZARKOVIC ${word}`,
      `Đurđina Šćep`,
      word,
    ]) {
      expect(await idsOf(query), query).toContain(customer.id)
    }
    expect(await idsOf(`durdina scepanovic-zarkovic ${word}`)).toEqual([customer.id])
  })

  it('matches no part shorter than three characters', async () => {
    const customer = await createCustomer(api, { fullname: 'Qx Kupac' })
    expect(await idsOf('Qx')).not.toContain(customer.id)
    expect(await idsOf('Qx ')).not.toContain(customer.id)
    expect(await idsOf('Qx K')).toContain(customer.id)
  })

  it('takes % and _ in the query as plain characters', async () => {
    const word = uniqueWord('e')
    const underscore = await createCustomer(api, { email: `a_b.${word}@gmail.com` })
    await createCustomer(api, { email: `axb.${word}@gmail.com` })
    expect(await idsOf(`a_b.${word}`)).toEqual([underscore.id])
    expect(await idsOf(`%${word}`)).toEqual([])
  })

  it('pages by name and id, counting every match; page 0 is page 1', async () => {
    const word = uniqueWord('p')
    const total = pageSize + 5
    const made = []
    for (let index = 0; index < total; index += 1) {
      const name = `Kupac ${word} ${String(Math.floor(index / 2)).padStart(2, '0')}`
      made.push(await createCustomer(api, { fullname: name }))
    }
    const first = await search(word, 1)
    const second = await search(word, 2)
    expect(first.count).toBe(total)
    expect(second.count).toBe(total)
    expect(first.rows).toHaveLength(pageSize)
    expect(second.rows).toHaveLength(5)
    const expected = [...made]
      .sort((a, b) => (a.fullname === b.fullname ? a.id - b.id : a.fullname < b.fullname ? -1 : 1))
      .map((customer) => customer.id)
    expect([...first.rows, ...second.rows].map((row) => row.id)).toEqual(expected)
    for (const page of [0, undefined, 'abc']) {
      expect((await search(word, page)).rows.map((row) => row.id)).toEqual(
        first.rows.map((row) => row.id),
      )
    }
    expect(await search(word, 3)).toEqual({ rows: [], count: total })
  })

  it('answers searches made at once, of one shape or another, each with its own page', async () => {
    const word = uniqueWord('b')
    const named = []
    for (let index = 0; index < pageSize + 3; index += 1) {
      named.push(await createCustomer(api, { fullname: `Kupac ${word} ${index}` }))
    }
    const [one, other] = named
    if (!one || !other) throw new Error('no customers made')
    // Alone, one after the other: what each search answers.
    const asked: [string, number][] = [
      [word, 1],
      [one.referralCode, 1],
      [word, 2],
      [other.referralCode.toLowerCase(), 1],
      [word, 3],
      [uniqueWord('none'), 1],
      [one.phone ?? '', 1],
    ]
    const expected = []
    for (const [query, page] of asked) expected.push(await search(query, page))
    expect(expected.map((list) => list.count)).toEqual([
      pageSize + 3,
      1,
      pageSize + 3,
      1,
      pageSize + 3,
      0,
      1,
    ])
    // At once (in one turn, as the server answers concurrent requests): the same answers.
    const atOnce = asked.map(([query, page]) => searchCustomers(api.db, query, page))
    expect(await Promise.all(atOnce)).toEqual(expected)
  })

  it('takes the first matches up to the limit, counts them, and sorts them by name', async () => {
    const word = `Zzcap${uniqueWord()}`
    await api.db.execute(sql`
      insert into customers (fullname, email, referral_code, created_at)
      select ${word} || ' ' || n, null, upper('CAP-' || ${word} || '-' || n), now()
      from generate_series(1, ${customerCountLimit + 25}) as n`)
    const first = await search(word)
    expect(first.count).toBe(customerCountLimit)
    expect(first.rows).toHaveLength(pageSize)
    const names = first.rows.map((row) => row.fullname)
    expect(names).toEqual(names.toSorted())
    const last = await search(word, customerCountLimit / pageSize)
    expect(last.rows).toHaveLength(pageSize)
    const beyond = await search(word, customerCountLimit / pageSize + 1)
    expect(beyond).toEqual({ rows: [], count: customerCountLimit })
  })

  it('lists every customer for an empty query, by name and id', async () => {
    await createCustomer(api)
    const result = await search('')
    const [all] = await api.db.select({ count: count() }).from(customers)
    expect(result.count).toBe(Math.min(all?.count ?? 0, customerCountLimit))
    const firstPage = await api.db
      .select({ id: customers.id })
      .from(customers)
      .orderBy(asc(customers.fullname), asc(customers.id))
      .limit(pageSize)
    expect(result.rows.map((row) => row.id)).toEqual(firstPage.map((row) => row.id))
  })

  it('refuses a query longer than 200 characters', async () => {
    const { token } = await manager()
    const response = await api.request('GET', `/customer/search?query=${'a'.repeat(201)}`, {
      token,
    })
    expect(response.status).toBe(400)
  })
})

describe.each(databases)('reading customers in bulk on $name', (database) => {
  const api = useApi(database, { customerSearchLimits: { perMinute: 5, perHour: 8 } })
  const minute = 60 * 1000

  it("stops an expert paging through every customer's contacts: 429 with Retry-After past the minute's and the hour's searches, counted on every process", async () => {
    const expert = await signedIn(api, 'agent')
    const other = await signedIn(api, 'agent')
    const second = await api.startAnother()
    const search = (page: number, token = expert.token, url = api.url) =>
      callApi(url, 'GET', `/customer/search?query=&page=${page}`, { token, language: 'en' })
    const refusal = {
      message: storeMessages.tooManyCustomerSearches.message,
      code: storeMessages.tooManyCustomerSearches.id,
    }

    // Five pages a minute, whichever process answers them.
    for (let page = 1; page <= 5; page += 1) {
      expect((await search(page, expert.token, page % 2 ? api.url : second.url)).status).toBe(200)
    }
    for (const url of [api.url, second.url]) {
      const refused = await search(6, expert.token, url)
      expect(refused.status).toBe(429)
      expect(refused.body).toMatchObject(refusal)
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
      expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60)
    }
    // Counted per user: another expert searches as usual.
    expect((await search(1, other.token)).status).toBe(200)

    // A minute on, three more: eight in the hour, then none until the first is an hour old.
    api.clock.advance(minute + 1000)
    for (let page = 6; page <= 8; page += 1) expect((await search(page)).status).toBe(200)
    const hourly = await search(9)
    expect(hourly.status).toBe(429)
    expect(hourly.body).toMatchObject(refusal)
    expect(Number(hourly.headers.get('retry-after'))).toBeGreaterThan(50 * 60)
    api.clock.advance(59 * minute)
    expect((await search(9)).status).toBe(200)
  })

  it("records who opened which customer's profile by the customer's id, never the search terms or the customer's contacts", async () => {
    const { token, id } = await managerWithStore(api)
    const customer = await createCustomer(api)
    const [head] = await api.db.select({ position: auditHead.position }).from(auditHead)
    const found = await api.request('GET', `/customer/search?query=${customer.email ?? ''}`, {
      token,
    })
    expect(found.status).toBe(200)
    expect((await api.request('GET', `/customer/${customer.id}`, { token })).status).toBe(200)
    const rows = await api.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, head?.position ?? 0))
    expect(rows).toEqual([
      expect.objectContaining({
        action: 'customer.read',
        actorId: id,
        target: `customer:${customer.id}`,
        outcome: 'success',
        detail: null,
      }),
    ])
    const written = JSON.stringify(rows)
    for (const contact of [customer.email, customer.phone, customer.fullname]) {
      expect(written).not.toContain(contact)
    }
  })
})
