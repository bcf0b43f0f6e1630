/**
 * The running server's backups: the ones `npm run backup` asks for through the control socket and
 * the ones `BACKUP_EVERY_HOURS` makes. One at a time: in this process a second one asked for while
 * one is written is refused. The schedule looks every minute (or sooner, for a short interval)
 * whether the newest backup in `BACKUP_DIR` is older than the interval, so a restart does not
 * start the count again; on PostgreSQL a process takes an advisory lock to look and write, so that
 * of several processes on the database one writes it and the others then find it made.
 */
import pg from 'pg'
import type { Config } from '../config.ts'
import type { OpenDatabase } from '../db/database.ts'
import type { Logger } from '../log.ts'
import { latestBackup, writeBackup, type BackupSource, type Written } from './write.ts'

/** The advisory lock key of a backup on PostgreSQL (any constant every process shares). */
const backupLock = 20261206

export type Backups = {
  /** Writes one now; refused while another is being written. */
  now: () => Promise<Written>
  /** Starts the schedule (`BACKUP_EVERY_HOURS`), if any; `stop` ends it. */
  schedule: () => void
  stop: () => void
  /** Settles once no backup is being written (shutdown waits for it before closing the database). */
  idle: () => Promise<void>
}

export function createBackups(deps: {
  database: OpenDatabase
  config: Config
  clock: () => Date
  logger: Logger
}): Backups {
  const { database, config, clock, logger } = deps
  let writing: Promise<Written> | undefined = undefined
  let timer: ReturnType<typeof setInterval> | undefined = undefined

  function source(): BackupSource {
    if (config.databaseUrl) return { kind: 'postgresql', url: config.databaseUrl }
    if (!database.dumpDataDir) throw new Error('the embedded database cannot be dumped')
    return { kind: 'pglite', db: database.db, dumpDataDir: database.dumpDataDir }
  }

  function now(): Promise<Written> {
    if (writing)
      return Promise.reject(
        new Error('A backup is being written already: try again when it is done.'),
      )
    const started = writeBackup(source(), database.db, config, clock())
    writing = started
    const done = () => {
      writing = undefined
    }
    started.then(done, done)
    return started
  }

  /** Writes a backup when the newest is older than the interval (or there is none). */
  async function whenDue(intervalMs: number): Promise<void> {
    if (writing) return
    const latest = await latestBackup(config.backups.dir)
    if (latest && clock().getTime() - Date.parse(latest.createdAt) < intervalMs) return
    const written = await now()
    logger.info({ event: 'backup.written', file: written.manifestFile }, 'backup written')
  }

  /** On PostgreSQL, only by the process that takes the lock. */
  async function scheduled(intervalMs: number): Promise<void> {
    if (!config.databaseUrl) return whenDue(intervalMs)
    const client = new pg.Client({ connectionString: config.databaseUrl })
    await client.connect()
    try {
      const locked = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [backupLock],
      )
      if (locked.rows[0]?.locked) await whenDue(intervalMs)
    } finally {
      // Ending the connection releases its advisory lock.
      await client.end()
    }
  }

  return {
    now,
    schedule() {
      const hours = config.backups.everyHours
      if (hours === undefined) return
      const intervalMs = hours * 60 * 60_000
      timer = setInterval(
        () =>
          void scheduled(intervalMs).catch((error: unknown) =>
            logger.error({ event: 'backup.failed', err: error }, 'backup failed'),
          ),
        Math.min(intervalMs, 60_000),
      )
      timer.unref()
    },
    stop() {
      clearInterval(timer)
    },
    async idle() {
      await writing?.catch(() => undefined)
    },
  }
}
