/**
 * `npm run migrate:to-postgres -- --from DATA_DIR`: moves the embedded database of `DATA_DIR` into
 * the empty PostgreSQL database of `DATABASE_URL` (docs/backups.md#moving-to-postgresql), every
 * row with its id, every sequence where it stood, in one transaction (a failure leaves the target
 * empty). Then it verifies: each table's row count against the source's, and the audit chain under
 * `AUDIT_KEY`. The server on `DATA_DIR` must be stopped: its folder is locked while it is read.
 */
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { verifyAudit } from './audit/log.ts'
import { differingCounts, rowCountsOf, tablesOf } from './backup/contents.ts'
import { loadConfig } from './config.ts'
import { openDatabase, type Database } from './db/database.ts'
import { rowsOf } from './db/raw-rows.ts'

const batchSize = 2000

type Table = { name: string; columns: string[]; selfReferences: string[]; dependsOn: string[] }

/** The target's tables with their stored columns and foreign keys, parents before children. */
async function tablesInOrder(target: pg.Client): Promise<Table[]> {
  const columns = await target.query<{ table: string; column: string }>(
    `select c.relname as table, a.attname as column from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
       and a.attgenerated = '' order by a.attnum`,
  )
  const keys = await target.query<{ table: string; parent: string; column: string }>(
    `select c.relname as table, p.relname as parent, a.attname as column from pg_constraint k
     join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = k.conrelid and a.attnum = any(k.conkey)
     where k.contype = 'f' and n.nspname = 'public'`,
  )
  const tables = new Map<string, Table>()
  for (const { table, column } of columns.rows) {
    const entry = tables.get(table) ?? {
      name: table,
      columns: [],
      selfReferences: [],
      dependsOn: [],
    }
    entry.columns.push(column)
    tables.set(table, entry)
  }
  for (const { table, parent, column } of keys.rows) {
    const entry = tables.get(table)
    if (!entry) continue
    if (parent === table) entry.selfReferences.push(column)
    else entry.dependsOn.push(parent)
  }
  const ordered: Table[] = []
  const placed = new Set<string>()
  const place = (table: Table, path: string[]) => {
    if (placed.has(table.name)) return
    if (path.includes(table.name)) throw new Error(`foreign keys in a cycle: ${path.join(' → ')}`)
    for (const parent of table.dependsOn) {
      const found = tables.get(parent)
      if (found) place(found, [...path, table.name])
    }
    placed.add(table.name)
    ordered.push(table)
  }
  for (const table of [...tables.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    place(table, [])
  }
  return ordered
}

const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`

/**
 * Copies one table in batches read through a cursor in the source's transaction. A column that
 * refers to its own table (a customer's godfather) is filled in a second pass, once every row it
 * may point to is there.
 */
async function copyTable(source: Database, target: pg.Client, table: Table): Promise<void> {
  const name = quoted(table.name)
  const columns = table.columns.map(quoted).join(', ')
  const firstPass = table.columns
    .map((column) => (table.selfReferences.includes(column) ? 'null' : quoted(column)))
    .join(', ')
  const cursor = `copy_${table.name}`
  await source.execute(
    sql.raw(
      `declare ${quoted(cursor)} cursor for select row_to_json(t)::text as row from ${name} t`,
    ),
  )
  const rows: string[] = []
  for (;;) {
    const batch = rowsOf(await source.execute(sql.raw(`fetch ${batchSize} from ${quoted(cursor)}`)))
    if (batch.length === 0) break
    const json = `[${batch.map((row) => String(row.row)).join(',')}]`
    if (table.selfReferences.length > 0) rows.push(json)
    await target.query(
      `insert into ${name} (${columns}) overriding system value
       select ${firstPass} from json_populate_recordset(null::${name}, $1::json)`,
      [json],
    )
  }
  await source.execute(sql.raw(`close ${quoted(cursor)}`))
  if (table.selfReferences.length === 0) return
  const set = table.selfReferences.map((column) => `${quoted(column)} = x.${quoted(column)}`)
  for (const json of rows) {
    await target.query(
      `update ${name} t set ${set.join(', ')}
       from json_populate_recordset(null::${name}, $1::json) x where t.id = x.id`,
      [json],
    )
  }
}

/** Every sequence of the source set on the target where it stands (the next id follows the last). */
async function copySequences(source: Database, target: pg.Client): Promise<void> {
  const sequences = rowsOf(
    await source.execute(sql`select c.relname as name from pg_class c
      join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'S'`),
  )
  for (const { name } of sequences) {
    const sequence = quoted(String(name))
    const [state] = rowsOf(
      await source.execute(
        sql.raw(`select last_value::text as value, is_called as called from ${sequence}`),
      ),
    )
    await target.query(`select setval($1, $2, $3)`, [
      `public.${sequence}`,
      state?.value,
      state?.called,
    ])
  }
}

async function isEmpty(target: pg.Client): Promise<boolean> {
  const found = await target.query<{ count: number }>(
    `select count(*)::int as count from pg_class c join pg_namespace n on n.oid = c.relnamespace
     where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
       and n.nspname not like 'pg_temp%' and c.relkind in ('r', 'p', 'S', 'v', 'm')`,
  )
  return found.rows[0]?.count === 0
}

const { values } = parseArgs({ options: { from: { type: 'string' } } })
const config = loadConfig()
try {
  if (values.from === undefined || config.databaseUrl === undefined) {
    throw new Error(
      'Usage: DATABASE_URL=postgres://… npm run migrate:to-postgres -- --from DATA_DIR (the database must be empty)',
    )
  }
  const targetUrl = config.databaseUrl
  const check = new pg.Client({ connectionString: targetUrl })
  await check.connect()
  const empty = await isEmpty(check).finally(() => check.end())
  if (!empty) {
    throw new Error(
      'The database DATABASE_URL names is not empty: move into a new, empty database.',
    )
  }
  // Locks the folder: refused while a server has it open.
  const source = await openDatabase({ databaseUrl: undefined, dataDir: values.from })
  try {
    await source.migrate()
    const target = await openDatabase(config)
    await target.migrate()
    await target.close()
    const client = new pg.Client({ connectionString: targetUrl })
    await client.connect()
    try {
      const tables = await tablesInOrder(client)
      await client.query('begin')
      // Rows the migrations wrote (the audit chain's empty head) give way to the source's.
      for (const table of [...tables].reverse())
        await client.query(`delete from ${quoted(table.name)}`)
      await source.db.transaction(async (tx) => {
        for (const table of tables) await copyTable(tx, client, table)
        await copySequences(tx, client)
      })
      await client.query('commit')
      const targetDb = drizzle({ client })
      const sourceTables = await tablesOf(source.db)
      const differing = differingCounts(await rowCountsOf(source.db), await rowCountsOf(targetDb))
      if (differing.length > 0) throw new Error(`Row counts differ: ${differing.join('; ')}`)
      const verified = await verifyAudit(targetDb, config.auditKey, null)
      if (!verified.ok) {
        throw new Error(
          `The audit chain does not verify on PostgreSQL under this AUDIT_KEY (first broken row ${verified.firstBrokenId ?? 'none'}): is it the one the embedded database's server used?`,
        )
      }
      console.info(
        `Moved ${sourceTables.length} tables with their ids into PostgreSQL; row counts agree, and the audit chain verifies (${verified.count} rows).`,
      )
      console.info(
        `Start the app with DATABASE_URL set, and the same JWT_SECRET, AUDIT_KEY and TRIAL_SEAL_KEYS.`,
      )
    } finally {
      await client.end()
    }
  } finally {
    await source.close()
  }
} catch (error) {
  console.error(`Not moved: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
