import { randomUUID } from 'node:crypto'
import { readdir } from 'node:fs/promises'
import { join } from 'node:path'
import { desc, eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { customerListSchema } from '../../src/contract/customers.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { storeListSchema } from '../../src/contract/stores.ts'
import { openDatabase } from '../../server/db/database.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { customers } from '../../server/db/schema/customers.ts'
import { erasedContacts, trials } from '../../server/db/schema/trials.ts'
import { startServerProcess } from '../support/server-process.ts'
import { guidedAnswers, trialBody } from '../support/trial-body.ts'
import { restorePlaces, runCommand, signIn, stopped } from './support/commands.ts'
import { callApi, databases, expectShape } from './support/harness.ts'

const secrets = {
  JWT_SECRET: 'erasure test jwt secret, 32 characters or more',
  AUDIT_KEY: 'erasure test audit key, 32 characters or more',
}

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

describe.each(databases)('a restore on $name', (database) => {
  it('re-applies the erasures recorded after the backup it restores', async () => {
    const { dataDir, restoredDir, source, target } = await restorePlaces(
      database.url,
      'brand-expert-erasure',
      cleanups,
    )
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...secrets, ...source }
    const server = await startServerProcess('erasing server', env)
    let customer: { id: number; email: string }
    try {
      const admin = await signIn(server.url, 'admin@example.com')
      const agent = await signIn(server.url, 'agent@example.rs')
      const found = await callApi(server.url, 'GET', '/customer/search?query=gmail', {
        token: admin,
      })
      const row = expectShape(dataEnvelope(customerListSchema), found.body).data.rows.find(
        (one) => one.email !== null,
      )
      customer = { id: row?.id ?? 0, email: row?.email ?? '' }
      // A trial that holds their email, in the backup.
      const stores = await callApi(server.url, 'GET', '/store/search?page=1', { token: agent })
      const storeId = expectShape(dataEnvelope(storeListSchema), stores.body).data.rows[0]?.id ?? 0
      const answers = guidedAnswers()
      answers.email = { ...answers.email, email: customer.email }
      const posted = await callApi(server.url, 'POST', '/free-guided/form', {
        token: agent,
        body: trialBody(storeId, answers),
        headers: { 'Idempotency-Key': randomUUID() },
      })
      expect(posted.status).toBe(201)
      const backup = await runCommand('server/backup.ts', [], env)
      expect(backup.status).toBe(0)
      // Erased after the backup was taken.
      const erased = await callApi(server.url, 'POST', '/customer/erase', {
        token: admin,
        body: { id: customer.id, reason: 'request' },
        headers: { 'Idempotency-Key': randomUUID() },
      })
      expect(erased.status).toBe(200)
    } finally {
      await stopped(server)
    }

    const backupDir = join(dataDir, 'backups')
    const manifest = (await readdir(backupDir)).find((file) => /^brand-expert-.*\.json$/.test(file))
    expect(manifest).toBeDefined()
    const restore = await runCommand('server/restore.ts', [join(backupDir, manifest ?? '')], {
      DATA_DIR: restoredDir,
      ...secrets,
      ...target,
    })
    expect(restore.stderr).toBe('')
    expect(restore.status).toBe(0)
    expect(restore.stdout).toContain(
      'Erasures recorded after the backup, applied again: 1 customers, 1 trials.',
    )

    const restored = await openDatabase({ databaseUrl: target.DATABASE_URL, dataDir: restoredDir })
    try {
      const [row] = await restored.db.select().from(customers).where(eq(customers.id, customer.id))
      expect(row).toMatchObject({ fullname: '', email: null, phone: null })
      expect(row?.erasedAt).not.toBeNull()
      const holding = await restored.db
        .select({ id: trials.id })
        .from(trials)
        .where(sql`lower(${trials.email}) = ${customer.email.toLowerCase()}`)
      expect(holding).toEqual([])
      expect(await restored.db.$count(erasedContacts)).toBeGreaterThan(0)
      const last = await restored.db
        .select({ action: auditLog.action, target: auditLog.target })
        .from(auditLog)
        .orderBy(desc(auditLog.id))
        .limit(2)
      // The re-application is audited, and the restore's own row stays the last.
      expect(last.map((row) => row.action)).toEqual(['database.restore', 'customer.erase'])
      expect(last[1]?.target).toBe('restore')
    } finally {
      await restored.close()
    }
  }, 180_000)
})
