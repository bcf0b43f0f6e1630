import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import pg from 'pg'
import type { Config } from '../config.ts'
import type { Logger } from '../log.ts'
import type { PoolUsage } from '../metrics.ts'
import { lockFolder } from './folder-lock.ts'
import {
  copyTemplateInto,
  migrationsFolder,
  pgliteFolder,
  templateTarball,
} from './pglite-template.ts'

/** The query builder the app uses, whichever driver is underneath (a transaction is one too). */
export type Database = PgDatabase<PgQueryResultHKT>

/**
 * The database a prepared statement of `db` runs on (server/db/prepared.ts): on PostgreSQL,
 * connections of their own that plan each prepared statement once (`openDatabase`); otherwise
 * (PGlite, a transaction) `db` itself.
 */
const statementsDatabases = new WeakMap<Database, Database>()

export function preparedStatementsOn(db: Database): Database {
  return statementsDatabases.get(db) ?? db
}

export type OpenDatabase = {
  db: Database
  /**
   * Applies the committed SQL migrations that have not run yet; those of another folder when one
   * is named (a test stopping at an older step: tests/api/support/migrations.ts).
   */
  migrate: (folder?: string) => Promise<void>
  close: () => Promise<void>
  /** The PostgreSQL pools' connections, for the metrics; none on the embedded database. */
  poolUsage: () => PoolUsage[]
  /**
   * The embedded database's cluster as a gzipped tarball, copied between two statements (a
   * backup: server/backup/write.ts); undefined on PostgreSQL.
   */
  dumpDataDir: (() => Promise<Blob>) | undefined
}

/** A pool of connections to PostgreSQL. */
function openPool(connectionString: string, logger: Logger | undefined): pg.Pool {
  const pool = new pg.Pool({ connectionString })
  // An idle connection the server closes (a restart, a failover) must not crash the process:
  // the pool drops it and opens another for the next query.
  pool.on('error', (error) => logger?.warn({ err: error }, 'database connection lost'))
  return pool
}

/**
 * The connection string with a setting every connection starts with (in its `options`, after any
 * it has: the last one of a name applies).
 */
function withSetting(connectionString: string, name: string, value: string): string {
  const url = new URL(connectionString)
  const options = [url.searchParams.get('options'), `-c ${name}=${value}`]
  url.searchParams.set('options', options.filter((option) => option !== null).join(' '))
  return url.href
}

/** The advisory lock key the migrations run under (any constant shared by every process). */
const migrationLock = 20240502

/**
 * node-postgres when `databaseUrl` is set; otherwise the embedded PGlite, with its data in
 * `${dataDir}/pglite` (locked for this process until `close`: folder-lock.ts), or in memory when
 * `memory` is asked for (tests). `logger` hears of
 * connections lost. A cluster in memory starts from the build's migrated template unless
 * `fromTemplate` is false (the API tests' serial configuration, which migrates each database).
 * `loadDataDir` is a cluster's tarball (a backup) for a new, empty folder, instead of the template.
 */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir'>,
  options: { memory?: boolean; logger?: Logger; fromTemplate?: boolean; loadDataDir?: Blob } = {},
): Promise<OpenDatabase> {
  if (config.databaseUrl) {
    const pool = openPool(config.databaseUrl, options.logger)
    const db = drizzlePg({ client: pool })
    // The prepared statements (the lookups every request runs) have connections of their own that
    // plan each of them once. Left to itself, PostgreSQL planned them again at every run with its
    // values: a generic plan of `id = any($1)` counts on 10 keys, so it never looked cheaper than
    // one planned for the turn's few. Other statements keep plans made for their values.
    const statementsPool = openPool(
      withSetting(config.databaseUrl, 'plan_cache_mode', 'force_generic_plan'),
      options.logger,
    )
    statementsDatabases.set(db, drizzlePg({ client: statementsPool }))
    return {
      db,
      migrate: async (folder = migrationsFolder) => {
        // Two processes starting at once on an empty database would both create the tables:
        // one migrates while the other waits on this lock, then finds nothing left to do.
        const client = await pool.connect()
        try {
          await client.query('select pg_advisory_lock($1)', [migrationLock])
          await migratePg(drizzlePg({ client }), { migrationsFolder: folder })
        } finally {
          await client
            .query('select pg_advisory_unlock($1)', [migrationLock])
            .catch(() => undefined)
          client.release()
        }
      },
      close: async () => {
        await Promise.all([pool.end(), statementsPool.end()])
      },
      poolUsage: () =>
        [
          { pool: 'queries', of: pool },
          { pool: 'statements', of: statementsPool },
        ].map(({ pool: name, of }) => ({
          pool: name,
          total: of.totalCount,
          idle: of.idleCount,
          waiting: of.waitingCount,
        })),
      dumpDataDir: undefined,
    }
  }
  const dataDir = options.memory ? undefined : pgliteFolder(config.dataDir)
  // Before anything is read or copied there: a folder another process has open is refused.
  const lock = dataDir === undefined ? undefined : lockFolder(dataDir)
  try {
    if (dataDir !== undefined && !options.loadDataDir) await copyTemplateInto(dataDir)
    // pg_trgm serves the customer search's partial matches (the migrations create the extension).
    // A new cluster starts from the build's migrated template when there is one.
    const client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      loadDataDir:
        options.loadDataDir ??
        (dataDir === undefined && options.fromTemplate !== false ? templateTarball() : undefined),
    })
    const db = drizzlePglite({ client })
    return {
      db,
      migrate: (folder = migrationsFolder) => migratePglite(db, { migrationsFolder: folder }),
      close: async () => {
        await client.close()
        lock?.release()
      },
      poolUsage: () => [],
      dumpDataDir: () => client.dumpDataDir('gzip'),
    }
  } catch (error) {
    lock?.release()
    throw error
  }
}
