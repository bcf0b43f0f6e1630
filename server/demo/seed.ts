import { count, sql } from 'drizzle-orm'
import type { Role } from '#contract/roles.ts'
import { hashPassword } from '../auth/password.ts'
import type { Clock } from '../deps.ts'
import type { Database } from '../db/database.ts'
import { demoStores } from './demo-stores.ts'
import { demoCustomerCount, demoCustomerSeed, generateCustomers } from './seed-customers.ts'
import { loadCustomers } from './load-customers.ts'
import { seedDemoVouchers } from './seed-vouchers.ts'
import { seedCatalogue } from './seed-catalogue.ts'
import { storeLogs } from '../db/schema/store-logs.ts'
import { stores } from '../db/schema/stores.ts'
import { users } from '../db/schema/users.ts'

export const demoPassword = 'Demo!2345'

type DemoUser = {
  role: Role
  fullname: string
  email: string
  phone: string | null
  /** The name of the store a manager is checked in to. */
  store: string | null
}

export const demoUsers: readonly DemoUser[] = [
  {
    role: 'super',
    fullname: 'Sanja Petrović',
    email: 'super@example.com',
    phone: null,
    store: null,
  },
  {
    role: 'admin',
    fullname: 'Aleksandar Jovanović',
    email: 'admin@example.com',
    phone: '+381641234567',
    store: null,
  },
  {
    role: 'manager',
    fullname: 'Milica Nikolić',
    email: 'manager@example.rs',
    phone: '+381652345678',
    store: 'Trafika Knez Mihailova',
  },
  {
    role: 'manager',
    fullname: 'Marko Vujović',
    email: 'manager.me@example.me',
    phone: '+38267345678',
    store: 'Trafika Hercegovačka',
  },
  {
    role: 'manager',
    fullname: 'Jelena Đorđević',
    email: 'newmanager@example.rs',
    phone: null,
    store: null,
  },
  {
    role: 'agent',
    fullname: 'Stefan Ilić',
    email: 'agent@example.rs',
    phone: '+381634567890',
    store: null,
  },
]

/**
 * Fills an empty database with the demo stores and users (all with `demoPassword`); the checked-in
 * managers get an open store log; then the demo customers (generated relative to now) and the
 * demo vouchers. Does nothing when there is any user. The demo catalogue goes
 * into empty catalogue tables either way. Answers whether it seeded anything.
 */
export async function seedDemo(db: Database, clock: Clock): Promise<boolean> {
  const now = clock()
  return db.transaction(async (tx) => {
    // Two processes starting at once on one database: one seeds, the other sees its users.
    await tx.execute(sql`select pg_advisory_xact_lock(20240501)`)
    // The demo rows refer only to ids inserted just before them: a superuser's connection (PGlite's
    // always is) does not check the foreign keys row by row while it loads (a fifth of the seed's
    // time at a first start). The seed's tests check that every key holds.
    await tx.execute(
      sql`select set_config('session_replication_role', 'replica', true)
        where current_setting('is_superuser') = 'on'`,
    )
    // The catalogue by itself, so that a database seeded before it existed gets it too.
    const seededCatalogue = await seedCatalogue(tx)
    const [existing] = await tx.select({ count: count() }).from(users)
    if ((existing?.count ?? 0) > 0) return seededCatalogue

    // Hashed only when seeding: argon2 costs a noticeable part of every later start otherwise.
    const passwordHash = await hashPassword(demoPassword)
    const storeRows = await tx
      .insert(stores)
      .values(demoStores.map((store) => ({ ...store, createdAt: now })))
      .returning({ id: stores.id, name: stores.name })
    const storeIds = new Map(storeRows.map((row) => [row.name, row.id]))

    for (const { store, ...user } of demoUsers) {
      const expertStoreId = store === null ? null : (storeIds.get(store) ?? null)
      const [row] = await tx
        .insert(users)
        .values({ ...user, passwordHash, expertStoreId, createdAt: now })
        .returning({ id: users.id })
      if (row && expertStoreId !== null) {
        await tx.insert(storeLogs).values({ userId: row.id, storeId: expertStoreId, loginAt: now })
      }
    }
    // The customers are written by the demo users above; the vouchers go to those customers.
    const loaded = await loadCustomers(
      tx,
      generateCustomers(demoCustomerCount, demoCustomerSeed, now),
    )
    await seedDemoVouchers(tx, loaded, now)
    return true
  })
}
