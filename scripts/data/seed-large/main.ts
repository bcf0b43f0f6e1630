/**
 * The large data set the benchmarks run on (docs/quality.md): a deterministic generator that loads
 * PostgreSQL with `COPY`, on top of the demo data, so that the demo logins work against it too.
 *
 *   npm run seed:large -- --customers 1000000 --vouchers 1000000 --stores 500 --experts 2000 \
 *     --trials 1000000 --seed 1 [--now 2026-01-15] [--reset] [--database-url postgres://…]
 *
 * The database (default `postgres://postgres@127.0.0.1:5432/brand_large`) is created when it does
 * not exist (`--reset` drops it first); the committed migrations run, then the demo seed, then the
 * generated rows stream in, each table through `COPY … FROM STDIN`: stores, experts (agents and
 * managers, password `Demo!2345`), the managers' store logs, customers with their devices, orders,
 * e-commerce statuses, communication, service cases, reclamations, loyalty actions and visit notes
 * (the demo's customer generator, one pass feeding nine `COPY` streams at once), trials over the two
 * years before `--now`, and vouchers (the log of the used ones is one `insert … select`). The
 * counts are of generated rows, on top of the demo's. The foreign keys of the big tables are
 * dropped for the load and added again afterwards from their own definitions
 * (`pg_get_constraintdef`), which checks every row; the indexes stay (see `bulkTables`). Then the
 * identity sequences are moved past the generated ids and the database is vacuumed and analysed.
 *
 * The same `--seed` and `--now` (default: today, 00:00 UTC) give the same rows, except the password
 * hashes (argon2 salts are random). Generated rows cannot collide with the demo's: ids follow the
 * demo's; customers are the generator's numbers after the demo's, so their referral codes, emails
 * and serial numbers differ; voucher codes are `MGM-L-0000001`, `LOYALTY-L-…`, `PROMO-L-…`; expert
 * emails are `first.last.N@example.rs|me`.
 */
import pg from 'pg'
import { hashPassword } from '../../../server/auth/password.ts'
import { demoPassword, demoUsers } from '../../../server/demo/seed.ts'
import type { Author, Country, Store } from './authors.ts'
import { copyTable, openWriters } from './copy.ts'
import { copyCustomers } from './customers.ts'
import { largestId, migrateAndSeedDemo, prepareDatabase } from './database.ts'
import { dropForeignKeys, foreignKeysOf, restoreForeignKeys } from './foreign-keys.ts'
import { counts, databaseUrl, now, seed } from './options.ts'
import { seconds, startedAt, thousands } from './progress.ts'
import { storeLogRows } from './store-logs.ts'
import { storeRows } from './stores.ts'
import { catalogueOf, trialColumns, trialRows } from './trials.ts'
import { expertRows } from './users.ts'
import { copyVoucherLog, voucherColumns, voucherRows } from './vouchers.ts'

async function main() {
  console.info(
    `Generating with seed ${seed}, now ${now.toISOString()}: ${thousands(counts.customers)} customers, ` +
      `${thousands(counts.vouchers)} vouchers, ${thousands(counts.stores)} stores, ` +
      `${thousands(counts.experts)} experts, ${thousands(counts.trials)} trials.`,
  )
  await prepareDatabase()
  let since = performance.now()
  await migrateAndSeedDemo()
  console.info(`Migrated and seeded the demo data in ${seconds(since)} s.`)

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 12 })
  pool.on('error', (error) => console.warn('database connection lost:', error.message))
  try {
    const users = await pool.query<{ count: number }>('select count(*)::int as count from users')
    if ((users.rows[0]?.count ?? 0) > demoUsers.length) {
      throw new Error('the database holds more than the demo data already: run with --reset')
    }
    const passwordHash = await hashPassword(demoPassword)
    const total: Record<string, number> = {}

    console.info('Stores, experts and store logs:')
    const demoStores = await pool.query<Store>('select id, name, country from stores order by id')
    const stores: Store[] = [...demoStores.rows]
    total.stores = await copyTable(
      pool,
      'stores',
      ['id', 'name', 'address', 'city', 'country', 'created_at', 'archived_at'],
      await largestId(pool, 'stores'),
      (out) => storeRows(out, stores),
    )
    const storesOf: Record<Country, Store[]> = {
      RS: stores.filter((store) => store.country === 'RS'),
      ME: stores.filter((store) => store.country === 'ME'),
    }
    const storeCountry = new Map(stores.map((store) => [store.id, store.country]))

    // The demo agent and the checked-in demo managers run trials too, at their stores.
    const demoAuthors = await pool.query<{
      id: number
      fullname: string
      role: 'agent' | 'manager'
      storeId: number | null
    }>(
      `select id, fullname, role, expert_store_id as "storeId" from users
        where role = 'agent' or (role = 'manager' and expert_store_id is not null) order by id`,
    )
    const authors: Author[] = demoAuthors.rows.map((user) => {
      const storeId = user.storeId ?? storesOf.RS[0]?.id ?? 1
      const country = storeCountry.get(storeId) ?? 'RS'
      const nearby = storesOf[country].slice(0, 3).map((store) => store.id)
      return user.role === 'manager'
        ? { ...user, role: 'manager', country, usual: [storeId], stints: [{ storeId, from: 0 }] }
        : {
            ...user,
            role: 'agent',
            country,
            usual: nearby.length > 0 ? nearby : [storeId],
            stints: [],
          }
    })
    const experts: Author[] = []
    total.users = await copyTable(
      pool,
      'users',
      [
        'id',
        'role',
        'fullname',
        'email',
        'phone',
        'password_hash',
        'expert_store_id',
        'created_at',
        'deleted_at',
      ],
      await largestId(pool, 'users'),
      (out) => expertRows(out, storesOf, passwordHash, experts),
    )
    authors.push(...experts)
    total.store_logs = await copyTable(
      pool,
      'store_logs',
      ['id', 'user_id', 'store_id', 'login_at', 'logout_at'],
      await largestId(pool, 'store_logs'),
      (out) => storeLogRows(out, experts),
    )

    since = performance.now()
    const foreignKeys = await foreignKeysOf(pool)
    await dropForeignKeys(pool, foreignKeys)
    console.info(
      `Dropped the ${foreignKeys.length} foreign keys of the big tables for the load (${seconds(since)} s).`,
    )

    console.info('Customers (one generator pass feeding nine COPY streams; time to each end):')
    const customerBase = await largestId(pool, 'customers')
    const loaded = await copyCustomers(pool, authors, customerBase)
    total.customers_and_history = loaded.rows

    console.info('Trials and vouchers:')
    const catalogue = await catalogueOf(pool)
    total.trials = await copyTable(
      pool,
      'trials',
      trialColumns,
      await largestId(pool, 'trials'),
      (out) => trialRows(out, authors, storeCountry, catalogue, loaded.contacts),
    )
    const voucherBase = await largestId(pool, 'vouchers')
    total.vouchers = await copyTable(pool, 'vouchers', voucherColumns, voucherBase, (out) =>
      voucherRows(out, authors, loaded.referrals, customerBase),
    )
    total.voucher_log = await copyVoucherLog(pool, voucherBase)

    console.info('Foreign keys, added again as they were (each checks its rows):')
    since = performance.now()
    await restoreForeignKeys(pool, foreignKeys)
    console.info(`  all added and compared in ${seconds(since)} s`)

    since = performance.now()
    const identities = await pool.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES' order by 1`,
    )
    for (const { table, column } of identities.rows) {
      const quotedTable = pg.escapeIdentifier(table)
      const quotedColumn = pg.escapeIdentifier(column)
      await pool.query(
        `select setval(pg_get_serial_sequence($1, $2),
          coalesce((select max(${quotedColumn}) from ${quotedTable}), 0) + 1, false)`,
        [quotedTable, column],
      )
    }
    console.info(
      `Moved ${identities.rows.length} identity sequences past the ids (${seconds(since)} s).`,
    )

    since = performance.now()
    // Vacuum sets the visibility map and hint bits now, so that benchmarks do not pay for it later
    // (nor meet autovacuum's insert-triggered runs); it analyses each table as well.
    await pool.query('vacuum (analyze)')
    console.info(`Vacuumed and analysed in ${seconds(since)} s.`)

    const size = await pool.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    )
    const rows = Object.values(total).reduce((sum, value) => sum + value, 0)
    console.info(
      `Done: ${thousands(rows)} rows in ${seconds(startedAt)} s; the database is ${size.rows[0]?.size ?? '?'}.`,
    )
    console.info(
      `Start the app on it:\n  DATABASE_URL=${databaseUrl} SEED_DEMO=false npm run serve`,
    )
  } finally {
    // After a failure: close the connections of unfinished COPYs, so that the pool can end.
    for (const open of openWriters) open.release(true)
    await pool.end()
  }
}

try {
  await main()
} catch (error) {
  console.error(error)
  console.error('The load failed and the database is incomplete: run again with --reset.')
  process.exitCode = 1
}
