import { and, count, eq, isNull } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { demoPassword, demoUsers, seedDemo } from '../../server/db/seed.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { users } from '../../server/db/schema/users.ts'
import { databases, expectShape, useApi } from './harness.ts'

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
})
