/**
 * Restores a backup (docs/backups.md) into an empty embedded data folder or an empty PostgreSQL
 * database, and proves it restored: the data file's SHA-256 and every table's row count against
 * the manifest, and the audit chain, with the "restored from" entry the restore appends to it.
 * Everything that would make the restored data unusable is refused before the target is touched.
 */
import { existsSync, readdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { sql } from 'drizzle-orm'
import { appendAudit, verifyAudit } from '../audit/log.ts'
import { endEverySession } from '../auth/sessions.ts'
import type { Config } from '../config.ts'
import { lockFolder } from '../db/folder-lock.ts'
import { openDatabase, type Database } from '../db/database.ts'
import { pgliteFolder } from '../db/pglite-template.ts'
import { rowsOf } from '../db/raw-rows.ts'
import type { Logger } from '../log.ts'
import {
  compareSchema,
  currentSchemaVersion,
  differingCounts,
  rowCountsOf,
  schemaVersionOf,
} from './contents.ts'
import {
  manifestPathOf,
  missingSecrets,
  readManifest,
  secretFingerprints,
  sha256Of,
  type Manifest,
} from './manifest.ts'
import { recordedErasures } from '../privacy/erased-contacts.ts'
import { reapplyErasures, type Reapplied } from '../privacy/reapply-erasures.ts'
import { runOnDatabase } from './postgres-tools.ts'
import { restoreDetail } from './restored-secrets.ts'

/** A restore refused before anything was written, with the reason for the operator. */
export class RestoreRefused extends Error {}

export type Restored = {
  manifest: Manifest
  schemaVersion: string
  sessionsEnded: number
  /** The customers and trials erased again (docs/backups.md#erasures). */
  erasuresReapplied: Reapplied
  auditPosition: number
}

async function checkedManifest(file: string, config: Config): Promise<Manifest> {
  const manifestFile = manifestPathOf(file)
  if (!existsSync(manifestFile)) {
    throw new RestoreRefused(
      `No manifest ${manifestFile}: a backup is its data file and its manifest.`,
    )
  }
  const manifest = await readManifest(manifestFile)
  const dataFile = join(dirname(manifestFile), manifest.dataFile)
  if (!existsSync(dataFile))
    throw new RestoreRefused(`The backup's data file ${dataFile} is missing.`)
  if ((await sha256Of(dataFile)) !== manifest.sha256) {
    throw new RestoreRefused(
      `The backup is damaged: ${dataFile} does not have the SHA-256 its manifest records. Restore another backup.`,
    )
  }
  if (compareSchema(manifest.schemaVersion) === 'newer') {
    throw new RestoreRefused(
      `The backup is of a newer schema (${manifest.schemaVersion}) than this version knows (${currentSchemaVersion()}): restore it with the release that made it, or a later one.`,
    )
  }
  const target = config.databaseUrl ? 'postgresql' : 'pglite'
  if (manifest.database !== target) {
    throw new RestoreRefused(
      manifest.database === 'pglite'
        ? 'This is a backup of the embedded database: restore it without DATABASE_URL (to move to PostgreSQL: npm run migrate:to-postgres).'
        : 'This is a backup of PostgreSQL: restore it with DATABASE_URL set to an empty database.',
    )
  }
  const missing = missingSecrets(manifest.secrets, secretFingerprints(config))
  if (missing.length > 0) {
    throw new RestoreRefused(
      `The backup's data needs the secrets it was made with, and this configuration lacks them:\n- ${missing.join('\n- ')}\nSet them, and run the restore again with them (and start the app only with them).`,
    )
  }
  return manifest
}

/** A PostgreSQL database that holds no table, sequence or view of its own (extensions aside). */
async function isEmptyDatabase(db: Database): Promise<boolean> {
  const [row] = rowsOf(
    await db.execute(sql`select count(*)::int as count from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      where n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and n.nspname not like 'pg_temp%' and c.relkind in ('r', 'p', 'S', 'v', 'm')`),
  )
  return Number(row?.count) === 0
}

async function loadPostgres(url: string, dataFile: string, config: Config): Promise<void> {
  const probe = await openDatabase(config)
  try {
    if (!(await isEmptyDatabase(probe.db))) {
      throw new RestoreRefused(
        'The database DATABASE_URL names is not empty: restore into a new, empty database (createdb).',
      )
    }
  } finally {
    await probe.close()
  }
  const database = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''))
  await runOnDatabase(
    'pg_restore',
    ['--exit-on-error', '--single-transaction', '--no-owner', `--dbname=${database}`, dataFile],
    url,
  )
}

/** Restores `file` (a backup's manifest or data file) as `config` says, at `now`. */
export async function restoreBackup(
  file: string,
  config: Config,
  logger: Logger,
  now: Date,
): Promise<Restored> {
  const manifest = await checkedManifest(file, config)
  const dataFile = join(dirname(manifestPathOf(file)), manifest.dataFile)
  let loadDataDir: Blob | undefined = undefined
  // The embedded database's folder is locked until the restore ends: no server opens it meanwhile.
  const folder = pgliteFolder(config.dataDir)
  const lock = config.databaseUrl ? undefined : lockFolder(folder)
  try {
    if (config.databaseUrl) {
      await loadPostgres(config.databaseUrl, dataFile, config)
    } else {
      if (existsSync(folder) && readdirSync(folder).length > 0) {
        throw new RestoreRefused(
          `The data folder ${config.dataDir} already holds a database: restore into a new DATA_DIR.`,
        )
      }
      loadDataDir = new Blob([new Uint8Array(await readFile(dataFile))])
    }
    const database = await openDatabase(config, loadDataDir ? { loadDataDir } : {})
    try {
      const differing = differingCounts(manifest.rowCounts, await rowCountsOf(database.db))
      if (differing.length > 0) {
        throw new Error(
          `The restored data does not match the backup's manifest (${differing.join('; ')}). Do not use it: restore another backup into a new target.`,
        )
      }
      // A backup of an older release: its schema is brought up to this one's.
      await database.migrate()
      // The register beside the backup restored, and the configured folder's if it is another.
      const backupDir = dirname(manifestPathOf(file))
      const erasures = [
        ...(await recordedErasures(backupDir)),
        ...(resolve(config.backups.dir) === resolve(backupDir)
          ? []
          : await recordedErasures(config.backups.dir)),
      ]
      const { sessionsEnded, reapplied } = await database.db.transaction(async (tx) => {
        const ended = await endEverySession(tx, 'restored', now)
        // Before the restore's own row, which must stay the chain's last until the app starts.
        const again = await reapplyErasures(tx, config.auditKey, erasures, now)
        if (again.customers.length > 0 || again.trials.length > 0) {
          await appendAudit(tx, { auditKey: config.auditKey, logger }, now, {
            actor: { id: null, email: 'operator', role: null },
            action: 'customer.erase',
            target: 'restore',
            outcome: 'success',
            clientAddress: 'local',
            detail: `re-applied after the restore: customers ${again.customers.join(',') || 'none'}; trials ${again.trials.join(',') || 'none'}`,
          })
        }
        await appendAudit(tx, { auditKey: config.auditKey, logger }, now, {
          actor: { id: null, email: 'operator', role: null },
          action: 'database.restore',
          target: `backup:${manifest.name}`,
          outcome: 'success',
          clientAddress: 'local',
          detail: restoreDetail(manifest),
        })
        return { sessionsEnded: ended, reapplied: again }
      })
      const verified = await verifyAudit(database.db, config.auditKey, null)
      if (!verified.ok) {
        throw new Error(
          `The audit chain does not verify after the restore (first broken row ${verified.firstBrokenId ?? 'none'}, breaks ${verified.breaks.join(', ') || 'none'}).`,
        )
      }
      return {
        manifest,
        schemaVersion: await schemaVersionOf(database.db),
        sessionsEnded,
        erasuresReapplied: reapplied,
        auditPosition: verified.count,
      }
    } finally {
      await database.close()
    }
  } finally {
    lock?.release()
  }
}
