import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { auditListSchema } from '../../src/contract/audit.ts'
import { sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { developmentSealKeys } from '../../server/config.ts'
import { demoPassword, demoUsers } from '../../server/demo/seed.ts'
import { startServerProcess, type ServerProcess } from '../support/server-process.ts'
import { mailsIn, uniqueWord } from './support/fixtures.ts'
import { callApi, databases, expectShape, type TestDatabase } from './support/harness.ts'
import { administrationMessages } from '../../src/contract/administration-messages.ts'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))
const password = 'Prva!Lozinka1'

/** What a production deployment sets (docs/deploy.md), SEED_DEMO left unset. */
const production = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('hex'),
  AUDIT_KEY: randomBytes(32).toString('hex'),
  TRIAL_SEAL_KEYS: developmentSealKeys,
  HOST: '127.0.0.1',
  PORT: '0',
  PUBLIC_URL: 'https://brand-expert.test',
}

/** An empty database of its own and a data folder: the environment that names them. */
type Place = { env: Record<string, string>; dataDir: string; remove: () => Promise<void> }

async function onPostgres(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query(statement)
  } finally {
    await client.end()
  }
}

async function emptyPlace(database: TestDatabase): Promise<Place> {
  const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-first-admin-'))
  const removeFolder = () => rm(dataDir, { recursive: true, force: true })
  const adminUrl = database.url
  if (!adminUrl) return { env: { DATA_DIR: dataDir }, dataDir, remove: removeFolder }
  const name = `first_admin_${randomBytes(6).toString('hex')}`
  await onPostgres(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: url.href },
    dataDir,
    remove: async () => {
      await onPostgres(adminUrl, `drop database if exists "${name}" with (force)`)
      await removeFolder()
    },
  }
}

/** `npm run admin:create -- …args` with `input` on its standard input; its exit code and output. */
function adminCreate(args: string[], env: Record<string, string>, input = '') {
  const child = spawn(process.execPath, ['server/admin-create.ts', ...args], {
    cwd: projectDir,
    env: { ...process.env, ...production, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
  child.stdin.end(input)
  return new Promise<{ code: number | null; output: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, output })),
  )
}

async function stop(server: ServerProcess, signal: NodeJS.Signals = 'SIGTERM') {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  await server.exited
}

function signIn(server: ServerProcess, email: string, secret: string) {
  return callApi(server.url, 'POST', '/user/login', {
    body: { email, password: secret },
    language: 'en',
  })
}

describe('admin:create', () => {
  it('refuses a weak password, an address outside the allowed domains and another role, with the reason, before it opens a database', async () => {
    // No database is named: each is refused before one would be opened.
    const env = { DATA_DIR: join(tmpdir(), 'brand-expert-never-opened') }
    const email = `${uniqueWord('boss')}@example.com`
    const refusals = await Promise.all([
      adminCreate(['--email', email], env, 'Kr1!\n'),
      adminCreate(['--email', 'boss@gmail.com'], env, `${password}\n`),
      adminCreate(['--email', email, '--role', 'agent'], env),
      adminCreate([], env),
    ])
    const reasons = [
      messages.passwordMin.message,
      messages.restrictedEmail.message,
      'super or admin',
      'Usage: npm run admin:create -- --email',
    ]
    expect(refusals.map((run) => run.code)).toEqual([1, 1, 1, 1])
    for (const [index, reason] of reasons.entries()) {
      expect(refusals[index]?.output).toContain(reason)
    }
    expect(existsSync(env.DATA_DIR)).toBe(false)
  })
})

describe.each(databases)('the first administrator on $name', (database) => {
  const cleanups: (() => Promise<void>)[] = []
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
  })

  async function place(): Promise<Place> {
    const made = await emptyPlace(database)
    cleanups.push(made.remove)
    return made
  }

  async function server(env: Record<string, string>): Promise<ServerProcess> {
    const started = await startServerProcess('the server', { ...production, ...env })
    cleanups.push(() => stop(started))
    return started
  }

  it('a production server on an empty database, SEED_DEMO unset, has no demo account and prints none', async () => {
    const { env } = await place()
    const running = await server(env)
    for (const demo of demoUsers) {
      expect((await signIn(running, demo.email, demoPassword)).status, demo.email).toBe(401)
    }
    await stop(running)
    const printed = running.output.join('')
    expect(printed).not.toContain('Demo logins')
    expect(printed).not.toContain(demoPassword)
    for (const demo of demoUsers) expect(printed).not.toContain(demo.email)
  }, 60_000)

  it('seeds the demo in production only when SEED_DEMO=true is set, and then warns', async () => {
    const { env } = await place()
    const running = await server({ ...env, SEED_DEMO: 'true' })
    const [demo] = demoUsers
    expect((await signIn(running, demo?.email ?? '', demoPassword)).status).toBe(200)
    await stop(running)
    const printed = running.output.join('')
    expect(printed).toContain('WARNING: SEED_DEMO=true in production')
    expect(printed).toContain('"event":"demo.inProduction"')
  }, 90_000)

  it('admin:create makes the first super user with a password typed on standard input, who signs in; the act is audited; the same email again is refused', async () => {
    const { env } = await place()
    const email = `${uniqueWord('boss')}@example.com`
    const created = await adminCreate(
      ['--email', email, '--name', 'Ana Admin'],
      env,
      `${password}\n`,
    )
    expect(created.output).toContain(`Created the super user ${email}`)
    expect(created.code).toBe(0)
    const again = await adminCreate(['--email', email.toUpperCase()], env, `${password}\n`)
    expect(again.output).toContain(administrationMessages.emailInUse.message)
    expect(again.code).toBe(1)

    const running = await server(env)
    const signedIn = await signIn(running, email, password)
    expect(signedIn.status).toBe(200)
    const { data } = expectShape(dataEnvelope(sessionSchema), signedIn.body)
    expect(data).toMatchObject({ role: 'super', fullname: 'Ana Admin', email })
    const audit = await callApi(running.url, 'GET', '/audit/search?action=user.create', {
      token: data.token,
    })
    const rows = expectShape(dataEnvelope(auditListSchema), audit.body).data.rows
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ actorId: null, target: `user:${data.id}`, detail: 'super' })
    expect(rows[0]?.actor).toMatch(/^admin:create \(.+@.+\)$/)
  }, 90_000)

  it('admin:create --invite mails a one-time link that sets the password', async () => {
    const { env, dataDir } = await place()
    const email = `${uniqueWord('boss')}@example.com`
    const args = ['--email', email, '--role', 'admin', '--invite', '--language', 'en']
    const created = await adminCreate(args, env)
    expect(created.output).toContain(`Created the admin ${email}`)
    expect(created.code).toBe(0)
    const [mail, ...others] = await mailsIn(dataDir, email)
    expect(others).toEqual([])
    const link = new URL(mail?.link ?? '')
    expect(link.origin + link.pathname).toBe('https://brand-expert.test/password-setup')

    const running = await server(env)
    const token = link.searchParams.get('token') ?? ''
    const body = { token, password, confirmPassword: password }
    const set = await callApi(running.url, 'POST', '/user/password', { body })
    expect(set.status).toBe(200)
    expect((await callApi(running.url, 'POST', '/user/password', { body })).status).toBe(400)
    const signedIn = await signIn(running, email, password)
    expect(expectShape(dataEnvelope(sessionSchema), signedIn.body).data.role).toBe('admin')
  }, 90_000)

  it.skipIf(database.url !== undefined)(
    'refuses a second server and admin:create on a data folder a running server has open, naming its process; takes over from one that died',
    async () => {
      const { env } = await place()
      const running = await server(env)
      const inUse = `is in use by process ${running.child.pid} (stop it first)`

      // Refused before it listens: its output, with the exit code, is the start's error.
      const second = await startServerProcess('a second server', { ...production, ...env }).then(
        async (started) => {
          await stop(started)
          return 'a second server listening on the same folder'
        },
        (error: unknown) => String(error),
      )
      expect(second).toContain(inUse)
      expect(second).toContain('ended (1)')

      const email = `${uniqueWord('boss')}@example.com`
      const refused = await adminCreate(['--email', email], env, `${password}\n`)
      expect(refused.output).toContain(inUse)
      expect(refused.code).toBe(1)

      // Killed, as by a crash: its lock is left behind, and taken over.
      await stop(running, 'SIGKILL')
      expect((await adminCreate(['--email', email], env, `${password}\n`)).code).toBe(0)
      const again = await server(env)
      expect((await signIn(again, email, password)).status).toBe(200)
    },
    90_000,
  )
})
