import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect } from 'vitest'
import { sessionSchema } from '../../../src/contract/auth.ts'
import { dataEnvelope } from '../../../src/contract/http.ts'
import { demoPassword } from '../../support/accounts.ts'
import type { ServerProcess } from '../../support/server-process.ts'
import { callApi, expectShape } from './harness.ts'
import { adminStatement } from './postgres.ts'

const projectDir = fileURLToPath(new URL('../../..', import.meta.url))

export type CommandRun = { status: number | null; stdout: string; stderr: string }

/**
 * Runs one of the operator's commands (`server/backup.ts`, `server/restore.ts`, …) as `npm run`
 * would, with the test's environment over this one's, without blocking this process: a test goes
 * on sending requests while it runs.
 */
export function runCommand(
  script: string,
  args: string[],
  env: Record<string, string>,
): Promise<CommandRun> {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: projectDir,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  return new Promise((resolve) =>
    child.once('exit', (status) => resolve({ status, stdout, stderr })),
  )
}

/** A new, empty PostgreSQL database beside `adminUrl`'s; `drop` removes it. */
export async function emptyPostgresDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `backup_test_${randomBytes(6).toString('hex')}`
  const admin = (statement: string) => adminStatement(adminUrl, statement)
  await admin(`create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return { url: url.href, drop: () => admin(`drop database if exists "${name}" with (force)`) }
}

export type RestorePlaces = {
  /** The running server's data folder (its backups are under it). */
  dataDir: string
  /** Where a restore puts the data. */
  restoredDir: string
  /** The environment naming the server's database: empty on PGlite (the data folder's). */
  source: Record<string, string>
  /** The environment naming the restore's database. */
  target: Record<string, string>
}

/**
 * Where a test's server runs and where its restore goes: two new folders and, on PostgreSQL
 * (`databaseUrl`), two new databases. What removes them is pushed onto `cleanups`.
 */
export async function restorePlaces(
  databaseUrl: string | undefined,
  prefix: string,
  cleanups: (() => Promise<void>)[],
): Promise<RestorePlaces> {
  const folder = async (name: string) => {
    const made = await mkdtemp(join(tmpdir(), `${prefix}-${name}-`))
    cleanups.push(() => rm(made, { recursive: true, force: true }))
    return made
  }
  const dataDir = await folder('data')
  const restoredDir = await folder('restored')
  if (!databaseUrl) return { dataDir, restoredDir, source: {}, target: {} }
  const source = await emptyPostgresDatabase(databaseUrl)
  const target = await emptyPostgresDatabase(databaseUrl)
  cleanups.push(source.drop, target.drop)
  return {
    dataDir,
    restoredDir,
    source: { DATABASE_URL: source.url },
    target: { DATABASE_URL: target.url },
  }
}

/** Stops a server process started for a test, and waits for it to exit. */
export async function stopped(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM')
  await server.exited
}

/** Signs a demo account in on a running server; answers its token. */
export async function signIn(url: string, email: string): Promise<string> {
  const answer = await callApi(url, 'POST', '/user/login', {
    body: { email, password: demoPassword },
  })
  expect(answer.status).toBe(200)
  return expectShape(dataEnvelope(sessionSchema), answer.body).data.token
}
