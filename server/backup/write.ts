/**
 * Writes a backup (docs/backups.md) into `BACKUP_DIR`: one data file and its manifest, both mode
 * 0600, after checking there is room for it, then keeps the newest `BACKUP_KEEP`. On the embedded
 * database the running server writes it (`npm run backup` asks through server/control.ts, and
 * `BACKUP_EVERY_HOURS` on its own); on PostgreSQL it is `pg_dump`.
 */
import { mkdir, readdir, rename, rm, stat, statfs, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { rowCountsOf, schemaVersionOf } from './contents.ts'
import {
  backupName,
  readManifest,
  secretFingerprints,
  sha256Of,
  type Manifest,
} from './manifest.ts'
import { runOnDatabase } from './postgres-tools.ts'

/** The database a backup is taken of: the embedded one through its open client, or PostgreSQL. */
export type BackupSource =
  | { kind: 'pglite'; db: Database; dumpDataDir: () => Promise<Blob> }
  | { kind: 'postgresql'; url: string }

export type BackupConfig = Pick<
  Config,
  'backups' | 'jwtSecret' | 'auditKey' | 'trialSealKeys' | 'databaseUrl'
>

/** A backup written: its manifest and where its two files are. */
export type Written = { manifest: Manifest; manifestFile: string; dataFile: string }

const megabyte = 1024 * 1024

/**
 * Refuses when `dir`'s file system has less room than the database takes (a compressed dump is
 * smaller, so this leaves a margin): a backup cut off by a full disk would fill the disk that the
 * running app writes trials to as well.
 */
async function checkFreeSpace(db: Database, dir: string): Promise<void> {
  const [row] = rowsOf(
    await db.execute(sql`select pg_database_size(current_database())::text as size`),
  )
  const needed = Number(row?.size ?? 0)
  const { bavail, bsize } = await statfs(dir)
  const free = bavail * bsize
  if (free < needed) {
    throw new Error(
      `Not enough free space in ${dir} for a backup: ${Math.round(free / megabyte)} MB free, the database takes ${Math.round(needed / megabyte)} MB.`,
    )
  }
}

type Taken = { rowCounts: Record<string, number>; schemaVersion: string }

/**
 * The embedded database: the counts and the copy of its folder are taken while this transaction
 * holds PGlite's transaction lock, so no other statement runs between them. The folder is copied
 * between statements (PGlite's query lock): every committed write is in its write-ahead log, which
 * a restore replays, and an unfinished transaction is undone.
 */
async function dumpPglite(
  source: Extract<BackupSource, { kind: 'pglite' }>,
  partial: string,
): Promise<Taken> {
  const { taken, blob } = await source.db.transaction(async (tx) => {
    const taken = { rowCounts: await rowCountsOf(tx), schemaVersion: await schemaVersionOf(tx) }
    return { taken, blob: await source.dumpDataDir() }
  })
  await writeFile(partial, new Uint8Array(await blob.arrayBuffer()), { mode: 0o600, flag: 'wx' })
  return taken
}

/**
 * PostgreSQL: a repeatable-read transaction exports its snapshot, counts in it, and `pg_dump`
 * dumps that same snapshot, so the counts are the dump's whatever is written meanwhile.
 */
async function dumpPostgres(url: string, partial: string): Promise<Taken> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('begin isolation level repeatable read, read only')
    const exported = await client.query<{ id: string }>('select pg_export_snapshot() as id')
    const db = drizzle({ client })
    const taken = { rowCounts: await rowCountsOf(db), schemaVersion: await schemaVersionOf(db) }
    const snapshot = exported.rows[0]?.id ?? ''
    await writeFile(partial, '', { mode: 0o600, flag: 'wx' })
    await runOnDatabase(
      'pg_dump',
      ['--format=custom', `--snapshot=${snapshot}`, `--file=${partial}`],
      url,
    )
    await client.query('commit')
    return taken
  } finally {
    await client.end()
  }
}

export async function writeBackup(
  source: BackupSource,
  db: Database,
  config: BackupConfig,
  now: Date,
): Promise<Written> {
  const dir = config.backups.dir
  await mkdir(dir, { recursive: true, mode: 0o700 })
  await checkFreeSpace(db, dir)
  const name = backupName(now)
  const dataFile = `${name}.${source.kind === 'pglite' ? 'tar.gz' : 'dump'}`
  const dataPath = join(dir, dataFile)
  const partial = `${dataPath}.partial`
  try {
    const taken =
      source.kind === 'pglite'
        ? await dumpPglite(source, partial)
        : await dumpPostgres(source.url, partial)
    await rename(partial, dataPath)
    const manifest: Manifest = {
      name,
      createdAt: now.toISOString(),
      database: source.kind,
      schemaVersion: taken.schemaVersion,
      dataFile,
      bytes: (await stat(dataPath)).size,
      sha256: await sha256Of(dataPath),
      rowCounts: taken.rowCounts,
      secrets: secretFingerprints(config),
    }
    const manifestFile = join(dir, `${name}.json`)
    await writeFile(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`, {
      mode: 0o600,
      flag: 'wx',
    })
    await keepNewest(dir, config.backups.keep)
    return { manifest, manifestFile, dataFile: dataPath }
  } finally {
    await rm(partial, { force: true })
  }
}

/** Removes all but the newest `keep` backups (names sort as times); files of others are left. */
async function keepNewest(dir: string, keep: number): Promise<void> {
  const names = (await readdir(dir))
    .filter((file) => /^brand-expert-\d{8}T\d{6}Z\.json$/.test(file))
    .map((file) => file.replace(/\.json$/, ''))
    .sort()
  for (const name of names.slice(0, Math.max(0, names.length - keep))) {
    for (const file of [`${name}.json`, `${name}.tar.gz`, `${name}.dump`]) {
      await rm(join(dir, file), { force: true })
    }
  }
}

/** The newest backup in `dir`: its time and data file's size, for the metrics and the dashboard. */
export async function latestBackup(
  dir: string,
): Promise<{ name: string; createdAt: string; bytes: number } | null> {
  const names = (await readdir(dir).catch(() => []))
    .filter((file) => /^brand-expert-\d{8}T\d{6}Z\.json$/.test(file))
    .sort()
  const newest = names.at(-1)
  if (newest === undefined) return null
  const manifest = await readManifest(join(dir, newest))
  return { name: manifest.name, createdAt: manifest.createdAt, bytes: manifest.bytes }
}
