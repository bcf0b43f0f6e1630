import pg from 'pg'
import { seconds } from './progress.ts'

/* Foreign keys of the big tables: dropped for the load, then added again (and so checked at once). */

/**
 * The tables loaded in parallel: a child's `COPY` cannot see the customers of a `COPY` still
 * running on another connection, and a check per row would be slower than one check per key at
 * the end. The secondary indexes stay: dropping them and building them afterwards measured no
 * faster here (GIN's pending list and the append-mostly b-trees keep up with `COPY`).
 */
const bulkTables = [
  'customers',
  'devices',
  'orders',
  'ecommerce_statuses',
  'communications',
  'service_cases',
  'reclamations',
  'loyalty_actions',
  'visit_notes',
  'trials',
  'vouchers',
  'voucher_log',
] as const

type ForeignKey = { table: string; name: string; sql: string }

/** The foreign keys of the big tables, each with the statement that adds it as it is now. */
export async function foreignKeysOf(pool: pg.Pool): Promise<ForeignKey[]> {
  const keys = await pool.query<ForeignKey>(
    `select conrelid::regclass::text as table, conname as name,
        'alter table ' || conrelid::regclass::text || ' add constraint ' || quote_ident(conname)
          || ' ' || pg_get_constraintdef(oid) as sql
      from pg_constraint
      where contype = 'f' and conrelid = any($1::regclass[])
      order by 1, 2`,
    [[...bulkTables]],
  )
  return keys.rows
}

export async function dropForeignKeys(pool: pg.Pool, keys: ForeignKey[]) {
  for (const key of keys) {
    await pool.query(`alter table ${key.table} drop constraint ${pg.escapeIdentifier(key.name)}`)
  }
}

/** The biggest tables first, so that the two connections finish at about the same time. */
const biggest = ['loyalty_actions', 'orders', 'communications', 'trials', 'vouchers']
function rankOf(key: ForeignKey): number {
  const index = biggest.indexOf(key.table)
  return index === -1 ? biggest.length : index
}

/**
 * Adds the keys again on two connections at once (the machine has two cores), and checks that
 * they are what they were.
 */
export async function restoreForeignKeys(pool: pg.Pool, dropped: ForeignKey[]): Promise<void> {
  const queue = [...dropped].sort((a, b) => rankOf(a) - rankOf(b))
  const worker = async () => {
    const client = await pool.connect()
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const since = performance.now()
        await client.query(next.sql)
        console.info(`  ${next.name.padEnd(48)} ${seconds(since).padStart(7)} s`)
      }
    } finally {
      client.release()
    }
  }
  await Promise.all([worker(), worker()])
  const statements = (keys: ForeignKey[]) => JSON.stringify(keys.map((key) => key.sql).sort())
  if (statements(await foreignKeysOf(pool)) !== statements(dropped)) {
    throw new Error('the foreign keys differ from those before the load')
  }
}
