import { randomUUID } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { auditVerifySchema } from '../../src/contract/audit.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { storeListSchema } from '../../src/contract/stores.ts'
import { tablesOf } from '../../server/backup/contents.ts'
import { openDatabase } from '../../server/db/database.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import { startServerProcess } from '../support/server-process.ts'
import { shortAnswers, trialBody } from '../support/trial-body.ts'
import { emptyPostgresDatabase, runCommand, signIn, stopped } from './support/commands.ts'
import { callApi, databases, expectShape } from './support/harness.ts'

const secrets = {
  JWT_SECRET: 'move test jwt secret, 32 characters or more',
  AUDIT_KEY: 'move test audit key, 32 characters or more',
}
const adminUrl = databases.find((database) => database.url)?.url

async function sendTrial(url: string, token: string, storeId: number, index: number) {
  const answer = await callApi(url, 'POST', '/free-guided/form', {
    token,
    body: trialBody(storeId, shortAnswers(index, 'moved')),
    headers: { 'Idempotency-Key': randomUUID() },
  })
  expect(answer.status).toBe(201)
  return v.parse(v.object({ data: v.object({ id: v.number() }) }), answer.body).data.id
}

/** Each table's rows, all their columns, as one digest (in UTC, so times read alike on both). */
const digestOf = (table: string) =>
  `select md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as digest from "${table}" t`

describe.runIf(adminUrl)('npm run migrate:to-postgres', () => {
  it('moves the embedded database into an empty PostgreSQL database with every id, and the app goes on there', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-move-'))
    const target = await emptyPostgresDatabase(adminUrl ?? '')
    const env = { PORT: '0', HOST: '127.0.0.1', ...secrets }
    try {
      const embedded = await startServerProcess('embedded server', { ...env, DATA_DIR: dataDir })
      let agent = ''
      let storeId = 0
      const sent: number[] = []
      try {
        agent = await signIn(embedded.url, 'agent@example.rs')
        const stores = await callApi(embedded.url, 'GET', '/store/search?page=1', { token: agent })
        storeId = expectShape(dataEnvelope(storeListSchema), stores.body).data.rows[0]?.id ?? 0
        for (let index = 0; index < 5; index += 1) {
          sent.push(await sendTrial(embedded.url, agent, storeId, index))
        }
      } finally {
        await stopped(embedded)
      }

      const moved = await runCommand('server/migrate-to-postgres.ts', ['--from', dataDir], {
        ...secrets,
        DATA_DIR: dataDir,
        DATABASE_URL: target.url,
      })
      expect(moved.stderr).toBe('')
      expect(moved.status).toBe(0)
      expect(moved.stdout).toContain('the audit chain verifies')

      // Every table holds the same rows, every column alike, ids included.
      const source = await openDatabase({ databaseUrl: undefined, dataDir })
      const client = new pg.Client({ connectionString: target.url })
      await client.connect()
      try {
        await source.db.execute(sql`set timezone = 'UTC'`)
        await client.query(`set timezone = 'UTC'`)
        const tables = await tablesOf(source.db)
        expect(tables).toContain('trials')
        for (const table of tables) {
          const [before] = rowsOf(await source.db.execute(sql.raw(digestOf(table))))
          const after = await client.query<{ digest: string }>(digestOf(table))
          expect({ table, digest: after.rows[0]?.digest }).toEqual({
            table,
            digest: before?.digest,
          })
        }
      } finally {
        await client.end()
        await source.close()
      }

      // The app on PostgreSQL: the session goes on, new ids follow the moved ones, the chain holds.
      const onPostgres = await startServerProcess('server on PostgreSQL', {
        ...env,
        DATA_DIR: dataDir,
        DATABASE_URL: target.url,
      })
      try {
        const next = await sendTrial(onPostgres.url, agent, storeId, 5)
        expect(next).toBeGreaterThan(Math.max(...sent))
        const superUser = await signIn(onPostgres.url, 'super@example.com')
        const verified = await callApi(onPostgres.url, 'GET', '/audit/verify', { token: superUser })
        expect(expectShape(dataEnvelope(auditVerifySchema), verified.body).data.ok).toBe(true)
      } finally {
        await stopped(onPostgres)
      }

      const again = await runCommand('server/migrate-to-postgres.ts', ['--from', dataDir], {
        ...secrets,
        DATA_DIR: dataDir,
        DATABASE_URL: target.url,
      })
      expect(again.status).toBe(1)
      expect(again.stderr).toContain('is not empty')
    } finally {
      await target.drop()
      await rm(dataDir, { recursive: true, force: true })
    }
  }, 180_000)
})
