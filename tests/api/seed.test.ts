import { and, count, eq, isNull, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import type { Database } from '../../server/db/database.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { demoPassword, demoUsers, seedDemo } from '../../server/demo/seed.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { users } from '../../server/db/schema/users.ts'
import { databases, expectShape, useApi } from './support/harness.ts'

const foreignKeys = v.array(
  v.object({
    name: v.string(),
    child: v.string(),
    parent: v.string(),
    columns: v.array(v.string()),
    referred: v.array(v.string()),
  }),
)
const counted = v.tuple([v.object({ count: v.number() })])

/** Each foreign key's rows that refer to no row of its table, as `constraint: count`. */
async function danglingReferences(db: Database): Promise<string[]> {
  const rows = rowsOf(
    await db.execute(sql`
      select c.conname as name, c.conrelid::regclass::text as child,
        c.confrelid::regclass::text as parent,
        array(select quote_ident(a.attname) from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
        array(select quote_ident(a.attname) from unnest(c.confkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i)
          as referred
      from pg_constraint c where c.contype = 'f' order by 1`),
  )
  const keys = v.parse(foreignKeys, rows)
  const dangling: string[] = []
  for (const { name, child, parent, columns, referred } of keys) {
    const filled = columns.map((column) => `x.${column} is not null`).join(' and ')
    const matches = columns
      .map((column, index) => `y.${referred[index]} = x.${column}`)
      .join(' and ')
    const result = await db.execute(
      sql.raw(`select count(*)::int as count from ${child} x where ${filled}
        and not exists (select 1 from ${parent} y where ${matches})`),
    )
    const [{ count: found }] = v.parse(counted, rowsOf(result))
    if (found > 0) dangling.push(`${name}: ${found}`)
  }
  expect(keys.length).toBeGreaterThan(10)
  return dangling
}

describe.each(databases)('the demo data on $name', (database) => {
  const api = useApi(database)

  it('is seeded once, into an empty database only', async () => {
    expect(await seedDemo(api.db, api.clock.now)).toBe(true)
    expect(await seedDemo(api.db, api.clock.now)).toBe(false)
    const [userCount] = await api.db.select({ count: count() }).from(users)
    expect(userCount?.count).toBe(demoUsers.length)

    const storeRows = await api.db.select().from(stores)
    expect(storeRows.length).toBeGreaterThanOrEqual(45)
    const cities = (country: string) =>
      new Set(storeRows.filter((row) => row.country === country).map((row) => row.city))
    expect([...cities('RS')]).toEqual(
      expect.arrayContaining(['Beograd', 'Novi Sad', 'Niš', 'Kragujevac', 'Subotica', 'Čačak']),
    )
    expect([...cities('ME')]).toEqual(
      expect.arrayContaining(['Podgorica', 'Nikšić', 'Budva', 'Bar', 'Herceg Novi', 'Kotor']),
    )

    for (const demo of demoUsers) {
      const response = await api.request('POST', '/user/login', {
        body: { email: demo.email, password: demoPassword },
      })
      expect(response.status).toBe(200)
      const { data } = expectShape(dataEnvelope(sessionSchema), response.body)
      expect(data).toMatchObject({ role: demo.role, fullname: demo.fullname })
      if (demo.store === null) {
        expect(data.expertStore).toBeNull()
        continue
      }
      expect(data.expertStore?.name).toBe(demo.store)
      const open = await api.db
        .select({ storeId: storeLogs.storeId })
        .from(storeLogs)
        .where(and(eq(storeLogs.userId, data.id), isNull(storeLogs.logoutAt)))
      expect(open).toEqual([{ storeId: data.expertStore?.id }])
    }
    const [belgrade] = await api.db
      .select({ city: stores.city })
      .from(stores)
      .innerJoin(users, eq(users.expertStoreId, stores.id))
      .where(eq(users.email, 'manager@example.rs'))
    expect(belgrade?.city).toBe('Beograd')
  })

  it('leaves every foreign key satisfied (it loads without checking them row by row)', async () => {
    await seedDemo(api.db, api.clock.now)
    expect(await danglingReferences(api.db)).toEqual([])
  })
})
