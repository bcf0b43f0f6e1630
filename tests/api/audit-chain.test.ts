import { spawnSync } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { eq, gt, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { auditVerifySchema } from '../../src/contract/audit.ts'
import { dataEnvelope, errorEnvelopeSchema } from '../../src/contract/http.ts'
import { checkpointAudit } from '../../server/audit/log.ts'
import { auditHead, auditLog } from '../../server/db/schema/audit.ts'
import { startServerProcess } from '../support/server-process.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createUser, signIn } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi, type TestApi } from './support/harness.ts'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))

async function head(api: TestApi) {
  const [row] = await api.db.select().from(auditHead)
  if (!row) throw new Error('no audit head')
  return row
}

async function verify(api: TestApi, token: string, checkpoint?: string) {
  const query = checkpoint ? `?checkpoint=${encodeURIComponent(checkpoint)}` : ''
  const answer = await api.request('GET', `/audit/verify${query}`, { token })
  expect(answer.status).toBe(200)
  return expectShape(dataEnvelope(auditVerifySchema), answer.body).data
}

/** Some audited acts: sign-ins of new users, one row each. */
async function someActs(api: TestApi, count: number) {
  for (let index = 0; index < count; index += 1) await signIn(api, await createUser(api))
}

/**
 * What an attacker with the database's credentials does first: the app's role owns the table, so
 * it may turn the append-only triggers off (and back on).
 */
async function asAttacker(api: TestApi, tamper: () => Promise<unknown>) {
  await api.db.execute(sql`alter table audit_log disable trigger user`)
  try {
    await tamper()
  } finally {
    await api.db.execute(sql`alter table audit_log enable trigger user`)
  }
}

/** `npm run audit:checkpoint`, run as an operator would, against `env`'s database. */
function printCheckpoint(env: Record<string, string>) {
  const run = spawnSync(process.execPath, ['server/audit-checkpoint.ts'], {
    cwd: projectDir,
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 60_000,
  })
  const answer = v.parse(
    v.object({ verify: auditVerifySchema, checkpoint: v.nullable(v.string()) }),
    JSON.parse(run.stdout),
  )
  return { status: run.status, ...answer }
}

describe.each(databases)('the audit chain on $name', (database) => {
  const written: string[] = []
  const api = useApi(database, { logTo: { write: (line) => written.push(line) } })

  it('refuses to change, remove or truncate a row, even for the app’s own database role', async () => {
    await someActs(api, 1)
    const { position } = await head(api)
    const refusals = [
      api.db.update(auditLog).set({ actor: 'someone@example.rs' }).where(eq(auditLog.id, position)),
      api.db.delete(auditLog).where(eq(auditLog.id, position)),
      api.db.execute(sql`truncate audit_log`),
    ]
    for (const refused of refusals) {
      await expect(refused).rejects.toThrow()
    }
    expect((await head(api)).position).toBe(position)
    const [row] = await api.db.select().from(auditLog).where(eq(auditLog.id, position))
    expect(row?.actor).not.toBe('someone@example.rs')
  })

  it('logs each append with its position and HMAC, outside the table', async () => {
    written.length = 0
    await someActs(api, 2)
    const { position, hmac } = await head(api)
    const appends = written
      .filter((line) => line.includes('"event":"audit.append"'))
      .map((line): unknown => JSON.parse(line))
    expect(appends.at(-1)).toMatchObject({ position, hmac })
    expect(appends).toHaveLength(2)
  })

  it('catches an older head replayed, given a checkpoint printed since', async () => {
    const admin = await signedIn(api, 'super')
    await someActs(api, 2)
    const older = await head(api)
    await someActs(api, 2)
    // On PostgreSQL as the operator prints it; on PGlite the running server prints it with the same
    // function (asked through its control socket: the test below).
    const checkpoint = api.databaseUrl
      ? printCheckpoint({ DATABASE_URL: api.databaseUrl, DATA_DIR: tmpdir() }).checkpoint
      : (await checkpointAudit(api.db, api.config.auditKey, api.clock.now())).checkpoint
    if (checkpoint === null) throw new Error('no checkpoint printed')

    expect((await verify(api, admin.token, checkpoint)).ok).toBe(true)
    // The rows cut back to the older head, and that head (sealed, as it was) copied back.
    await asAttacker(api, () => api.db.delete(auditLog).where(gt(auditLog.id, older.position)))
    await api.db.update(auditHead).set(older)
    expect((await verify(api, admin.token)).ok).toBe(true)
    expect(await verify(api, admin.token, checkpoint)).toMatchObject({
      ok: false,
      firstBrokenId: older.position + 1,
    })
    const forged = checkpoint.replace(/\.(\d+)\./, (_, position: string) => `.${position}1.`)
    const refused = await api.request('GET', `/audit/verify?checkpoint=${forged}`, {
      token: admin.token,
    })
    expect(refused.status).toBe(400)
    const error = expectShape(errorEnvelopeSchema, refused.body)
    expect(error.code).toBe('audit.checkpointInvalid')
    expect(error.invalidFields?.map((field) => field.field)).toEqual(['checkpoint'])
  })
})

describe.each(databases)('the audit chain cut on $name', (database) => {
  const api = useApi(database)

  it('finds a row altered or removed, and rows cut from the end with the head copied over', async () => {
    const admin = await signedIn(api, 'super')
    await someActs(api, 3)
    const whole = await verify(api, admin.token)
    const { position } = await head(api)
    expect(whole).toEqual({ ok: true, count: position, firstBrokenId: null, breaks: [] })

    const target = position - 1
    const [row] = await api.db.select().from(auditLog).where(eq(auditLog.id, target))
    if (!row) throw new Error('no row to alter')
    await asAttacker(api, () =>
      api.db.update(auditLog).set({ actor: 'x@example.rs' }).where(eq(auditLog.id, target)),
    )
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: target })
    await asAttacker(api, () =>
      api.db.update(auditLog).set({ actor: row.actor }).where(eq(auditLog.id, target)),
    )
    await asAttacker(api, () => api.db.delete(auditLog).where(eq(auditLog.id, target)))
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: target })
    await api.db.insert(auditLog).values(row)
    expect((await verify(api, admin.token)).ok).toBe(true)

    // The attack found: the last two rows deleted, the new last row's HMAC copied into the head.
    const sealed = await head(api)
    const [kept] = await api.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.id, position - 2))
    if (!kept) throw new Error('no row to keep')
    await asAttacker(api, () => api.db.delete(auditLog).where(gt(auditLog.id, position - 2)))
    await api.db.update(auditHead).set({ position: kept.id, hmac: kept.hmac })
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: kept.id + 1 })
    // And all of them.
    await asAttacker(api, () => api.db.delete(auditLog))
    await api.db.update(auditHead).set({ position: 0, hmac: '' })
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: 1 })
    await api.db.update(auditHead).set({ position: 0, hmac: '', seal: null })
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: 1 })
    expect(sealed.seal).not.toBeNull()
  })
})

describe.each(databases)('the audit chain with a row forged past its head on $name', (database) => {
  const written: string[] = []
  const api = useApi(database, { logTo: { write: (line) => written.push(line) } })

  it('goes on past a row forged after the head: sign-ins still work, the break is recorded and named', async () => {
    const admin = await signedIn(api, 'super')
    const before = await head(api)
    const forgedId = before.position + 5
    const [template] = await api.db.select().from(auditLog).where(eq(auditLog.id, before.position))
    if (!template) throw new Error('no row to copy')
    await api.db.insert(auditLog).values({ ...template, id: forgedId, actor: 'forged@example.rs' })
    expect(await verify(api, admin.token)).toMatchObject({ ok: false, firstBrokenId: forgedId })

    written.length = 0
    const user = await createUser(api)
    await signIn(api, user)
    const after = await head(api)
    const rows = await api.db.select().from(auditLog).where(gt(auditLog.id, forgedId))
    expect(rows.map((row) => row.action)).toEqual(['audit.break', 'auth.signIn'])
    expect(rows[0]?.detail).toContain(`${forgedId}`)
    expect(rows[1]).toMatchObject({ actor: user.email, id: after.position })
    const alerts = written.filter((line) => line.includes('"event":"audit.break"'))
    expect(alerts).toHaveLength(1)
    expect(JSON.parse(alerts[0] ?? '{}')).toMatchObject({ level: 50, position: forgedId + 1 })

    const checked = await verify(api, admin.token)
    expect(checked).toMatchObject({ ok: false, firstBrokenId: before.position + 1 })
    expect(checked.breaks).toEqual([forgedId + 1])
  })
})

describe('npm run audit:checkpoint on the embedded database', () => {
  it('asks the running server, whose verify then holds the checkpoint', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-checkpoint-'))
    const server = await startServerProcess('checkpoint server', {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
    })
    try {
      const printed = printCheckpoint({ DATA_DIR: dataDir })
      expect(printed.status).toBe(0)
      expect(printed.verify.ok).toBe(true)
      const signedIn = await callApi(server.url, 'POST', '/user/login', {
        body: { email: 'super@example.com', password: 'Demo!2345' },
      })
      const token = v.parse(v.object({ data: v.object({ token: v.string() }) }), signedIn.body)
      const checked = await callApi(
        server.url,
        'GET',
        `/audit/verify?checkpoint=${encodeURIComponent(printed.checkpoint ?? '')}`,
        { token: token.data.token },
      )
      expect(checked.status).toBe(200)
      expect(expectShape(dataEnvelope(auditVerifySchema), checked.body).data.ok).toBe(true)
    } finally {
      server.child.kill('SIGTERM')
      await server.exited
      await rm(dataDir, { recursive: true, force: true })
    }
  })
})
