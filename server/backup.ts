/**
 * `npm run backup`: writes a backup into `BACKUP_DIR` (docs/backups.md) and prints its manifest.
 * On the embedded database the running server writes it, asked through its control socket, since
 * no second process may open its folder; with none running, the folder is opened (and locked)
 * here. On PostgreSQL it is `pg_dump`, run from here. Exits 1 without a backup on any failure.
 */
import * as v from 'valibot'
import { writeBackup, type Written } from './backup/write.ts'
import { manifestSchema } from './backup/manifest.ts'
import { loadConfig } from './config.ts'
import { askServer } from './control.ts'
import { openDatabase } from './db/database.ts'

const config = loadConfig()

async function fromDatabase(): Promise<Written> {
  // Not migrated: a backup takes the database as it is, whatever release wrote it.
  const database = await openDatabase(config)
  try {
    const source =
      config.databaseUrl !== undefined
        ? { kind: 'postgresql' as const, url: config.databaseUrl }
        : database.dumpDataDir && {
            kind: 'pglite' as const,
            db: database.db,
            dumpDataDir: database.dumpDataDir,
          }
    if (!source) throw new Error('the embedded database cannot be dumped')
    return await writeBackup(source, database.db, config, new Date())
  } finally {
    await database.close()
  }
}

const writtenSchema = v.object({
  manifest: manifestSchema,
  manifestFile: v.string(),
  dataFile: v.string(),
})

try {
  const asked = config.databaseUrl ? null : await askServer(config.dataDir, 'backup')
  const written = asked === null ? await fromDatabase() : v.parse(writtenSchema, asked)
  const { manifest } = written
  console.info(`Backup written: ${written.dataFile} (${manifest.bytes} bytes)`)
  console.info(`Manifest: ${written.manifestFile}`)
  console.info(`Schema ${manifest.schemaVersion}; rows: ${JSON.stringify(manifest.rowCounts)}`)
} catch (error) {
  console.error(`No backup written: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
}
