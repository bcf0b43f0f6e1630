import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts'
import { preparedPerDatabase, preparedSql } from '../../server/db/prepared.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'

const postgresUrl = process.env.TEST_DATABASE_URL

/**
 * What the connection a statement ran on plans with (`auto`, or `force_generic_plan`), and its
 * `work_mem`, which the test's connection string sets.
 */
const planMode = sql`select current_setting('plan_cache_mode') as mode, current_setting('work_mem') as "workMem"`
const preparedPlanMode = preparedPerDatabase((db) => preparedSql(db, 'plan_mode', planMode))

/**
 * On PostgreSQL (TEST_DATABASE_URL; skipped without it) the prepared statements, the lookups every
 * request runs, are planned once, on connections of their own; other statements are planned for
 * their values, as PostgreSQL does by default.
 */
describe.skipIf(!postgresUrl)('statements on PostgreSQL', () => {
  let folder = ''
  let database: OpenDatabase

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'prepared-'))
    // Settings of the connection string's own apply to every connection.
    const url = new URL(postgresUrl ?? '')
    url.searchParams.set('options', '-c work_mem=5MB')
    database = await openDatabase({ databaseUrl: url.href, dataDir: folder })
  })
  afterAll(async () => {
    await database.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('plans a prepared statement once, and any other statement for its values', async () => {
    const prepared = rowsOf(await preparedPlanMode(database.db).execute())
    const plain = rowsOf(await database.db.execute(planMode))
    expect(prepared).toEqual([{ mode: 'force_generic_plan', workMem: '5MB' }])
    expect(plain).toEqual([{ mode: 'auto', workMem: '5MB' }])
  })
})
