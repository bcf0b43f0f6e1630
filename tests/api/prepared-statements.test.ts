import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type OpenDatabase } from '../../server/db/database.ts'
import { preparedPerDatabase, preparedSql } from '../../server/db/prepared.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'

const postgresUrl = process.env.TEST_DATABASE_URL

/** What the connection a statement ran on plans with: `auto`, or `force_generic_plan`. */
const planMode = sql`select current_setting('plan_cache_mode') as mode`
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
    database = await openDatabase({ databaseUrl: postgresUrl, dataDir: folder })
  })
  afterAll(async () => {
    await database.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('plans a prepared statement once, and any other statement for its values', async () => {
    const prepared = rowsOf(await preparedPlanMode(database.db).execute())
    const plain = rowsOf(await database.db.execute(planMode))
    expect(prepared).toEqual([{ mode: 'force_generic_plan' }])
    expect(plain).toEqual([{ mode: 'auto' }])
  })
})
