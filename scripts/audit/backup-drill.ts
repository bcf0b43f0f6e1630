/**
 * The backup drill (docs/backups.md), as an operator would run it: a server on a fresh embedded
 * database takes trials, `npm run backup` asks it for a backup, the backup is restored into another
 * fresh folder, and a server started there must hold the trials and a verified audit chain with the
 * restore's entry. `.ci/run` runs it on every landing.
 *
 *   node scripts/audit/backup-drill.ts
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { auditVerifySchema } from '../../src/contract/audit.ts'
import { storeListSchema } from '../../src/contract/stores.ts'
import { demo } from '../../tests/support/accounts.ts'
import { apiClient } from '../../tests/support/api.ts'
import { shortAnswers, trialBody } from '../../tests/support/trial-body.ts'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))
const trials = 20
// A restore needs the secrets the backup was made with: both servers and the restore share them.
const env = {
  ...process.env,
  HOST: '127.0.0.1',
  PORT: '0',
  LOG_LEVEL: 'warn',
  JWT_SECRET: 'backup drill jwt secret, 32 characters or more',
}
const folders = [
  mkdtempSync(join(tmpdir(), 'backup-drill-')),
  mkdtempSync(join(tmpdir(), 'backup-drill-restored-')),
]
const [dataDir = '', restoredDir = ''] = folders

/** `node server/main.ts` on `dir`, once it prints where it listens. */
async function startServer(dir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, ['server/main.ts'], {
    cwd: projectDir,
    env: { ...env, DATA_DIR: dir },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      const found = /listening on (http:\/\/\S+)/.exec(text)
      if (found?.[1]) resolve(found[1])
    })
    child.once('exit', (code) => reject(new Error(`the server on ${dir} ended (${code})`)))
  })
  return { url, child }
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  await exited
}

/** Runs one of the operator's commands on `dir`; throws with its output when it fails. */
async function command(script: string, args: string[], dir: string): Promise<void> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: projectDir,
    env: { ...env, DATA_DIR: dir },
    stdio: 'inherit',
  })
  const code = await new Promise((resolve) => child.once('exit', resolve))
  if (code !== 0) throw new Error(`${script} ${args.join(' ')} ended with ${String(code)}`)
}

try {
  const first = await startServer(dataDir)
  try {
    const api = apiClient(first.url)
    const { token } = await api.login(demo.agent.email)
    const stores = v.parse(storeListSchema, await api.get(token, 'store/search', { page: '1' }))
    const storeId = stores.rows[0]?.id ?? 0
    for (let index = 0; index < trials; index += 1) {
      await api.call('POST', 'free-guided/form', {
        token,
        body: trialBody(storeId, shortAnswers(index, 'drill')),
        headers: { 'Idempotency-Key': randomUUID() },
      })
    }
    await command('server/backup.ts', [], dataDir)
  } finally {
    await stop(first.child)
  }

  const backupDir = join(dataDir, 'backups')
  const manifest = readdirSync(backupDir).find((file) => file.endsWith('.json'))
  if (!manifest) throw new Error(`no backup in ${backupDir}`)
  await command('server/restore.ts', [join(backupDir, manifest)], restoredDir)

  const second = await startServer(restoredDir)
  try {
    const api = apiClient(second.url)
    const { token } = await api.login(demo.admin.email)
    const found = v.parse(
      v.object({ count: v.number() }),
      await api.get(token, 'questionnaire/search', { page: '1' }),
    )
    const verified = v.parse(auditVerifySchema, await api.get(token, 'audit/verify'))
    if (found.count !== trials)
      throw new Error(`the restored server holds ${found.count} trials, not ${trials}`)
    if (!verified.ok)
      throw new Error(`the restored audit chain does not verify: ${JSON.stringify(verified)}`)
    console.info(
      `Backup drill: ${trials} trials backed up, restored and served again; the audit chain verifies.`,
    )
  } finally {
    await stop(second.child)
  }
} catch (error) {
  console.error(`Backup drill failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exitCode = 1
} finally {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
}
