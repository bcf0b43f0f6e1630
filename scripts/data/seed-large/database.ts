import pg from 'pg'
import { openDatabase } from '../../../server/db/database.ts'
import { seedDemo } from '../../../server/demo/seed.ts'
import { databaseUrl, now, options } from './options.ts'

/* The database: created (or reset) through the `postgres` database, migrated, seeded with the demo. */

export async function prepareDatabase(): Promise<void> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (name === '' || name === 'postgres') throw new Error(`--database-url must name a database`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const quoted = admin.escapeIdentifier(name)
    if (options.reset) {
      await admin.query(`drop database if exists ${quoted} with (force)`)
      console.info(`Dropped ${name}.`)
    }
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) {
      await admin.query(`create database ${quoted}`)
      console.info(`Created ${name}.`)
    }
  } finally {
    await admin.end()
  }
}

/** Migrates and seeds the demo data as `npm start` does, with `now` as the clock. */
export async function migrateAndSeedDemo(): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '.data' })
  try {
    await database.migrate()
    if (await seedDemo(database.db, () => now)) console.info('Seeded the demo data.')
  } finally {
    await database.close()
  }
}

export async function largestId(pool: pg.Pool, table: string): Promise<number> {
  const result = await pool.query<{ id: number | null }>(`select max(id) as id from ${table}`)
  return result.rows[0]?.id ?? 0
}
