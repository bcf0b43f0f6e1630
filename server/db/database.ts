import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Config } from '../config.ts'
import { copyTemplateInto, migrationsFolder, templateTarball } from './pglite-template.ts'

/** The query builder the app uses, whichever driver is underneath (a transaction is one too). */
export type Database = PgDatabase<PgQueryResultHKT>

export type OpenDatabase = {
  db: Database
  /** Applies the committed SQL migrations that have not run yet. */
  migrate: () => Promise<void>
  close: () => Promise<void>
}

/** The advisory lock key the migrations run under (any constant shared by every process). */
const migrationLock = 20240502

/**
 * node-postgres when `databaseUrl` is set; otherwise the embedded PGlite, with its data in
 * `${dataDir}/pglite`, or in memory when `memory` is asked for (tests).
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { memory?: boolean } = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const pool = new pg.Pool({ connectionString: config.databaseUrl })
    // An idle connection the server closes (a restart, a failover) must not crash the process:
    // the pool drops it and opens another for the next query.
    pool.on('error', (error) => console.warn('database connection lost:', error.message))
    const db = drizzlePg({ client: pool })
    return {
      db,
      migrate: async () => {
        // Two processes starting at once on an empty database would both create the tables:
        // one migrates while the other waits on this lock, then finds nothing left to do.
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLock])
          await migratePg(drizzlePg({ client }), { migrationsFolder })
        } finally {
          await client
            .query('select pg_advisory_unlock($1)', [migrationLock])
            .catch(() => undefined)
          client.release()
        }
      },
      close: () => pool.end(),
    }
  }
  let dataDir: string | undefined
  if (!options.memory) {
    dataDir = join(config.dataDir, 'pglite')
    mkdirSync(dataDir, { recursive: true })
    copyTemplateInto(dataDir)
  }
  // pg_trgm serves the customer search's partial matches (the migrations create the extension).
  // A new cluster starts from the build's migrated template when there is one.
  const client = await PGlite.create(dataDir, {
    extensions: { pg_trgm },
    loadDataDir: dataDir === undefined ? templateTarball() : undefined,
  })
  const db = drizzlePglite({ client })
  return {
    db,
    migrate: () => migratePglite(db, { migrationsFolder }),
    close: () => client.close(),
  }
}
