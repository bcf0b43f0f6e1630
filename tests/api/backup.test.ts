import { execFile } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { copyFile, mkdtemp, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { gunzipSync } from 'node:zlib'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { latestBackupSchema } from '../../src/contract/backups.ts'
import { pictureSchema } from '../../src/contract/catalogue-requests.ts'
import { apiBasePath, appHeader, appId, dataEnvelope } from '../../src/contract/http.ts'
import { storeListSchema } from '../../src/contract/stores.ts'
import { readManifest, type Manifest } from '../../server/backup/manifest.ts'
import { restoreDetail } from '../../server/backup/restored-secrets.ts'
import { writeBackup } from '../../server/backup/write.ts'
import { loadConfig } from '../../server/config.ts'
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { packImages } from '../../server/db/schema/catalogue.ts'
import { startServerProcess } from '../support/server-process.ts'
import { shortAnswers, trialBody } from '../support/trial-body.ts'
import {
  emptyPostgresDatabase,
  restorePlaces,
  runCommand,
  signIn,
  stopped,
} from './support/commands.ts'
import { callApi, databases, expectShape } from './support/harness.ts'
import { pictureForm, pngOf } from './support/pictures.ts'
import { latestMigrationTag, migrationsUpTo } from './support/migrations.ts'

const execute = promisify(execFile)

/** The secrets every process of a test shares: a restore needs the ones the backup was made with. */
const secrets = {
  JWT_SECRET: 'backup test jwt secret, 32 characters or more',
  AUDIT_KEY: 'backup test audit key, 32 characters or more',
}

const folders: string[] = []
async function folder(prefix: string): Promise<string> {
  const made = await mkdtemp(join(tmpdir(), prefix))
  folders.push(made)
  return made
}
afterAll(async () => {
  for (const made of folders.splice(0)) await rm(made, { recursive: true, force: true })
})

/** The one manifest a backup folder holds. */
async function onlyBackup(dir: string): Promise<{ manifestFile: string; manifest: Manifest }> {
  const manifests = (await readdir(dir)).filter((file) => file.endsWith('.json'))
  expect(manifests).toHaveLength(1)
  const manifestFile = join(dir, manifests[0] ?? '')
  return { manifestFile, manifest: await readManifest(manifestFile) }
}

type Acknowledged = { key: string; at: number }

/** The pace the issue asks a backup to hold up under: 200 trials a second, for 10 seconds. */
const trialsPerSecond = 200
const writingMs = 10_000

/**
 * Sends trials at up to `trialsPerSecond`, several in flight, each under its own Idempotency-Key,
 * until `stop` says so: the ones answered 201 are acknowledged, with the time their answer came.
 */
async function sendTrials(url: string, token: string, storeId: number, stop: () => boolean) {
  const acknowledged: Acknowledged[] = []
  const started = Date.now()
  let index = 0
  async function sender() {
    while (!stop()) {
      index += 1
      const turn = index
      // Each trial's own moment on the pace: no faster than the rate, however fast answers come.
      const wait = started + (turn * 1000) / trialsPerSecond - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      if (stop()) return
      const key = randomUUID()
      const answer = await callApi(url, 'POST', '/free-guided/form', {
        token,
        body: trialBody(storeId, shortAnswers(turn, 'backup')),
        headers: { 'Idempotency-Key': key },
      })
      if (answer.status === 201) acknowledged.push({ key, at: Date.now() })
    }
  }
  await Promise.all(Array.from({ length: 16 }, sender))
  return { acknowledged, seconds: (Date.now() - started) / 1000 }
}

/** How many trials the restored database holds under each Idempotency-Key. */
async function trialsByKey(database: OpenDatabase): Promise<Map<string, number>> {
  const rows = rowsOf(
    await database.db.execute(
      sql`select idempotency_key::text as key, count(*)::int as count from trials
          where idempotency_key is not null group by idempotency_key`,
    ),
  )
  return new Map(rows.map((row) => [String(row.key), Number(row.count)]))
}

describe.each(databases)('a backup taken while trials are sent, on $name', (database) => {
  const targets: (() => Promise<void>)[] = []
  afterAll(async () => {
    for (const drop of targets.splice(0)) await drop()
  })

  it('restores every trial acknowledged before it exactly once and the pack pictures, ends every session, and the audit chain verifies', async () => {
    const { dataDir, restoredDir, source, target } = await restorePlaces(
      database.url,
      'brand-expert-backup',
      targets,
    )
    const backupDir = join(dataDir, 'backups')
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...secrets, ...source }
    const server = await startServerProcess('backed-up server', env)
    let acknowledged: Acknowledged[] = []
    let backupStarted = 0
    let backupEnded = 0
    const agent = await signIn(server.url, 'agent@example.rs')
    let picture = ''
    try {
      // A pack picture lives in the database: the backup carries it.
      const uploaded = await fetch(`${server.url}${apiBasePath}/packages/image`, {
        method: 'POST',
        headers: {
          [appHeader]: appId,
          Authorization: `Bearer ${await signIn(server.url, 'admin@example.com')}`,
        },
        body: pictureForm(pngOf(60, 80)),
      })
      picture = expectShape(dataEnvelope(pictureSchema), await uploaded.json()).data.id
      const stores = await callApi(server.url, 'GET', '/store/search?page=1', { token: agent })
      const storeId = expectShape(dataEnvelope(storeListSchema), stores.body).data.rows[0]?.id ?? 0
      let done = false
      const writingFrom = Date.now()
      const sending = sendTrials(server.url, agent, storeId, () => done)
      await new Promise((resolve) => setTimeout(resolve, 3000))
      backupStarted = Date.now()
      const backup = await runCommand('server/backup.ts', [], env)
      backupEnded = Date.now()
      // Trials go on being written after the backup, to the end of the 10 seconds (1 s at least).
      const left = Math.max(1000, writingFrom + writingMs - Date.now())
      await new Promise((resolve) => setTimeout(resolve, left))
      done = true
      const sent = await sending
      acknowledged = sent.acknowledged
      console.log(
        `backup under writes on ${database.name}: ${acknowledged.length} trials acknowledged in ${sent.seconds.toFixed(1)} s ` +
          `(${Math.round(acknowledged.length / sent.seconds)}/s, aiming at ${trialsPerSecond}/s); the backup took ${backupEnded - backupStarted} ms`,
      )
      expect(backup.stderr).toBe('')
      expect(backup.status).toBe(0)
    } finally {
      await stopped(server)
    }

    const { manifestFile, manifest } = await onlyBackup(backupDir)
    for (const file of [manifestFile, join(backupDir, manifest.dataFile)]) {
      expect((await stat(file)).mode & 0o777).toBe(0o600)
    }
    const before = acknowledged.filter((trial) => trial.at < backupStarted)
    const after = acknowledged.filter((trial) => trial.at > backupEnded)
    expect(before.length).toBeGreaterThan(0)
    expect(after.length).toBeGreaterThan(0)

    const restore = await runCommand('server/restore.ts', [manifestFile], {
      DATA_DIR: restoredDir,
      ...secrets,
      ...target,
    })
    expect(restore.stderr).toBe('')
    expect(restore.status).toBe(0)
    expect(restore.stdout).toContain('The audit chain verifies')

    const restored = await openDatabase({
      databaseUrl: target.DATABASE_URL,
      dataDir: restoredDir,
    })
    try {
      const byKey = await trialsByKey(restored)
      expect(before.filter((trial) => byKey.get(trial.key) !== 1)).toEqual([])
      expect(after.filter((trial) => byKey.has(trial.key))).toEqual([])
      expect([...byKey.values()].every((count) => count === 1)).toBe(true)
      expect(byKey.size).toBe(manifest.rowCounts.trials)
      const [image] = await restored.db
        .select({ bytes: packImages.bytes })
        .from(packImages)
        .where(eq(packImages.hash, picture))
      expect(image && createHash('sha256').update(image.bytes).digest('hex')).toBe(picture)
      const [last] = await restored.db
        .select({ action: auditLog.action, detail: auditLog.detail })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(1)
      expect(last).toEqual({
        action: 'database.restore',
        detail: restoreDetail(manifest),
      })
    } finally {
      await restored.close()
    }

    // The app starts on the restored data; the session from before is over, a new sign-in works.
    const again = await startServerProcess('restored server', {
      ...env,
      DATA_DIR: restoredDir,
      ...target,
    })
    try {
      const old = await callApi(again.url, 'GET', '/me', { token: agent })
      expect(old.status).toBe(401)
      await signIn(again.url, 'agent@example.rs')
    } finally {
      await stopped(again)
    }
  }, 180_000)
})

/** Polls `read` every 250 ms until it answers something other than undefined, or fails after `ms`. */
async function eventually<T>(
  read: () => T | undefined | Promise<T | undefined>,
  ms: number,
): Promise<T> {
  const until = Date.now() + ms
  for (;;) {
    const found = await read()
    if (found !== undefined) return found
    if (Date.now() > until) throw new Error(`nothing after ${ms} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('backups on a schedule', () => {
  it('the running server backs up every BACKUP_EVERY_HOURS, and the dashboard and the metrics show the last one', async () => {
    const dataDir = await folder('brand-expert-scheduled-')
    const server = await startServerProcess('scheduled server', {
      PORT: '0',
      HOST: '127.0.0.1',
      METRICS_PORT: '0',
      DATA_DIR: dataDir,
      // 7.2 seconds, the newest kept only.
      BACKUP_EVERY_HOURS: '0.002',
      BACKUP_KEEP: '1',
      ...secrets,
    })
    try {
      const admin = await signIn(server.url, 'admin@example.com')
      const latest = async () => {
        const answer = await callApi(server.url, 'GET', '/backup/latest', { token: admin })
        expect(answer.status).toBe(200)
        return expectShape(dataEnvelope(latestBackupSchema), answer.body).data
      }
      expect(await latest()).toBeNull()
      const shown = await eventually(async () => (await latest()) ?? undefined, 20_000)
      const { manifest } = await onlyBackup(join(dataDir, 'backups'))
      expect(shown).toEqual({
        name: manifest.name,
        createdAt: manifest.createdAt,
        bytes: manifest.bytes,
      })

      const metricsUrl = await eventually(
        () => /"url":"(http:[^"]+\/metrics)"/.exec(server.output.join(''))?.[1],
        5_000,
      )
      const scraped = await (await fetch(metricsUrl)).text()
      expect(scraped).toContain(`brand_expert_backup_last_size_bytes ${manifest.bytes}`)
      expect(scraped).toContain(
        `brand_expert_backup_last_time_seconds ${Date.parse(manifest.createdAt) / 1000}`,
      )
    } finally {
      await stopped(server)
    }
  }, 60_000)
})

describe('a backup of the embedded database', () => {
  let dataDir = ''
  let backupDir = ''
  let manifestFile = ''
  let manifest: Manifest

  // Written with no server running: the command opens (and locks) the folder itself.
  beforeAll(async () => {
    dataDir = await folder('brand-expert-backup-')
    backupDir = join(dataDir, 'backups')
    const backup = await runCommand('server/backup.ts', [], { DATA_DIR: dataDir, ...secrets })
    expect(backup.stderr).toBe('')
    ;({ manifestFile, manifest } = await onlyBackup(backupDir))
  }, 120_000)

  async function restoreInto(file: string, env: Record<string, string> = {}) {
    const restoredDir = await folder('brand-expert-restored-')
    const run = await runCommand('server/restore.ts', [file], {
      DATA_DIR: restoredDir,
      ...secrets,
      ...env,
    })
    return { ...run, restoredDir, wroteDatabase: existsSync(join(restoredDir, 'pglite')) }
  }

  /** A copy of the backup in a folder of its own, for a test to spoil. */
  async function copyOfBackup() {
    const dir = await folder('brand-expert-copy-')
    await copyFile(manifestFile, join(dir, `${manifest.name}.json`))
    await copyFile(join(backupDir, manifest.dataFile), join(dir, manifest.dataFile))
    return {
      manifestFile: join(dir, `${manifest.name}.json`),
      dataFile: join(dir, manifest.dataFile),
    }
  }

  it('holds neither the JWT secret nor the audit key', async () => {
    const tar = gunzipSync(await readFile(join(backupDir, manifest.dataFile)))
    expect(tar.length).toBeGreaterThan(0)
    expect(tar.includes(secrets.JWT_SECRET)).toBe(false)
    expect(tar.includes(secrets.AUDIT_KEY)).toBe(false)
    expect(JSON.stringify(manifest)).not.toContain(secrets.JWT_SECRET)
    expect(JSON.stringify(manifest)).not.toContain(secrets.AUDIT_KEY)
  })

  // A file system of 1 MB, where the database does not fit: mounting one needs root.
  it.runIf(process.getuid?.() === 0)(
    'refuses when the backup folder has less room than the database takes, and writes nothing',
    async () => {
      const small = await folder('brand-expert-small-')
      await execute('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', small])
      try {
        const backup = await runCommand('server/backup.ts', [], {
          DATA_DIR: dataDir,
          BACKUP_DIR: small,
          ...secrets,
        })
        expect(backup.status).not.toBe(0)
        expect(backup.stderr).toContain(`Not enough free space in ${small} for a backup`)
        expect(await readdir(small)).toEqual([])
      } finally {
        await execute('umount', [small])
      }
    },
    60_000,
  )

  it('refuses a damaged data file, and writes nothing', async () => {
    const copy = await copyOfBackup()
    const bytes = await readFile(copy.dataFile)
    const middle = Math.floor(bytes.length / 2)
    bytes.writeUInt8((bytes.readUInt8(middle) + 1) % 256, middle)
    await writeFile(copy.dataFile, bytes)
    const run = await restoreInto(copy.dataFile)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('The backup is damaged')
    expect(run.wroteDatabase).toBe(false)
  })

  it('refuses a backup of a newer schema than it knows', async () => {
    const copy = await copyOfBackup()
    await writeFile(copy.manifestFile, JSON.stringify({ ...manifest, schemaVersion: '9999_later' }))
    const run = await restoreInto(copy.manifestFile)
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('newer schema (9999_later)')
    expect(run.wroteDatabase).toBe(false)
  })

  it('refuses a data folder that already holds a database', async () => {
    const run = await runCommand('server/restore.ts', [manifestFile], {
      DATA_DIR: dataDir,
      ...secrets,
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(`The data folder ${dataDir} already holds a database`)
  })

  it('names the secrets the data needs and refuses without them', async () => {
    const run = await restoreInto(manifestFile, {
      JWT_SECRET: 'another jwt secret, 32 characters or more',
      AUDIT_KEY: 'another audit key, 32 characters or more',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain(
      `JWT_SECRET: the one the backed-up server used (fingerprint ${manifest.secrets.jwtSecret}`,
    )
    expect(run.stderr).toContain(
      `AUDIT_KEY: the one the backed-up server used (fingerprint ${manifest.secrets.auditKey})`,
    )
    expect(run.wroteDatabase).toBe(false)
  })

  it('a server on the restored data refuses to start without the secrets it was made with, naming them', async () => {
    const run = await restoreInto(manifestFile)
    expect(run.status).toBe(0)
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: run.restoredDir, ...secrets }
    // A server that starts all the same is stopped, so that a failing test leaves none behind.
    const refusal = await startServerProcess('server without the secrets', {
      ...env,
      JWT_SECRET: 'another jwt secret, 32 characters or more',
    }).then(
      async (started) => {
        await stopped(started)
        return 'started without the secrets'
      },
      (error: unknown) => String(error),
    )
    expect(refusal).toContain(
      `JWT_SECRET: the one the backed-up server used (fingerprint ${manifest.secrets.jwtSecret}`,
    )
    await stopped(await startServerProcess('server with the secrets', env))
  }, 60_000)

  it('refuses to restore an embedded database’s backup onto PostgreSQL, pointing to the move', async () => {
    const run = await restoreInto(manifestFile, {
      DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
    })
    expect(run.status).toBe(1)
    expect(run.stderr).toContain('npm run migrate:to-postgres')
  })

  it('migrates a backup of an older schema to this one', async () => {
    const olderDir = await folder('brand-expert-older-')
    const older = await openDatabase(
      { databaseUrl: undefined, dataDir: olderDir },
      { memory: true, fromTemplate: false },
    )
    const config = {
      ...loadConfig({ DATA_DIR: olderDir, ...secrets }),
      backups: { dir: olderDir, keep: 1, everyHours: undefined },
    }
    try {
      await older.migrate(migrationsUpTo('0010_app_devices'))
      const dumpDataDir = older.dumpDataDir
      if (!dumpDataDir) throw new Error('no dump on PGlite')
      await writeBackup({ kind: 'pglite', db: older.db, dumpDataDir }, older.db, config, new Date())
    } finally {
      await older.close()
    }
    const { manifestFile: olderManifest } = await onlyBackup(olderDir)
    const run = await restoreInto(olderManifest)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    expect(run.stdout).toContain(`Schema 0010_app_devices, migrated to ${latestMigrationTag()}.`)
  }, 120_000)
})

describe.runIf(databases.some((database) => database.url))('a backup of PostgreSQL', () => {
  it('is not restored into a database that holds data', async () => {
    const adminUrl = databases.find((database) => database.url)?.url ?? ''
    const source = await emptyPostgresDatabase(adminUrl)
    const dataDir = await folder('brand-expert-backup-')
    try {
      // A database the app made: migrated.
      const made = await openDatabase({ databaseUrl: source.url, dataDir })
      await made.migrate()
      await made.close()
      const env = { DATA_DIR: dataDir, DATABASE_URL: source.url, ...secrets }
      const backup = await runCommand('server/backup.ts', [], env)
      expect(backup.stderr).toBe('')
      const { manifestFile } = await onlyBackup(join(dataDir, 'backups'))
      const run = await runCommand('server/restore.ts', [manifestFile], env)
      expect(run.status).toBe(1)
      expect(run.stderr).toContain('The database DATABASE_URL names is not empty')
    } finally {
      await source.drop()
    }
  }, 60_000)
})
