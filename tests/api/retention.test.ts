import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config.ts'
import { openDatabase } from '../../server/db/database.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { silentLogger } from '../../server/log.ts'
import { applyRetention, retentionCutoff } from '../../server/privacy/retention.ts'
import { insertTrial } from '../../server/routes/trials/queries.ts'
import { guidedAnswers } from '../support/trial-body.ts'
import { createStore, createUser } from './support/fixtures.ts'
import { databases, useApi, type TestApi } from './support/harness.ts'

const day = 24 * 60 * 60_000

/** Guided trials with a contact and a free text, captured `daysAgo` days before the test clock. */
async function trialsCaptured(api: TestApi, daysAgo: number[]): Promise<number[]> {
  const store = await createStore(api)
  const user = await createUser(api)
  const now = api.clock.now()
  const ids: number[] = []
  for (const [index, days] of daysAgo.entries()) {
    const comment = guidedAnswers()
    comment.email = { ...comment.email, email: `zadrzan${index}.${days}@example.rs` }
    comment.goldComment = 'Marko iz Čačka'
    const capturedAt = new Date(now.getTime() - days * day)
    ids.push(
      await insertTrial(api.db, { userId: user.id, storeId: store.id, comment, now, capturedAt }),
    )
  }
  return ids
}

const retentionRows = (api: TestApi) =>
  api.db.select().from(auditLog).where(eq(auditLog.action, 'trial.retention'))

describe.each(databases)('retention on $name', (database) => {
  const api = useApi(database)
  const deps = () => ({ auditKey: api.config.auditKey, logger: silentLogger(), months: 24 })

  it('anonymises the trials captured before RETENTION_MONTHS, and only those, once', async () => {
    const [old, older, recent] = await trialsCaptured(api, [740, 1000, 700])
    const now = api.clock.now()
    const before = (await retentionRows(api)).length

    const run = await applyRetention(api.db, deps(), now)
    expect(run).toMatchObject({ skipped: false })
    const rows = await api.db
      .select()
      .from(trials)
      .where(inArray(trials.id, [old ?? 0, older ?? 0, recent ?? 0]))
    const byId = new Map(rows.map((row) => [row.id, row]))
    for (const id of [old, older]) {
      const row = byId.get(id ?? 0)
      expect(row).toMatchObject({ email: null, phone: null, anonymisedAt: now })
      expect(JSON.stringify(row?.answers)).not.toContain('example.rs')
      expect(JSON.stringify(row?.answers)).not.toContain('Marko')
      // What counts stays: the answers reports group by.
      expect(row?.gender).toBe(guidedAnswers().gender)
    }
    expect(byId.get(recent ?? 0)).toMatchObject({
      email: 'zadrzan2.700@example.rs',
      anonymisedAt: null,
    })
    expect(JSON.stringify(byId.get(recent ?? 0)?.answers)).toContain('Marko')
    const audited = await retentionRows(api)
    expect(audited).toHaveLength(before + 1)
    expect(audited.at(-1)?.detail).toBe(
      `RETENTION_MONTHS 24: ${run.skipped ? 0 : run.anonymised} trials captured and 0 refused trials received before ${retentionCutoff(now, 24).toISOString()}`,
    )

    // The next hour finds nothing more to do, and records nothing.
    expect(await applyRetention(api.db, deps(), now)).toMatchObject({ anonymised: 0 })
    expect(await retentionRows(api)).toHaveLength(before + 1)
  })

  it('runs once when two processes run it at the same time', async () => {
    await trialsCaptured(api, [800, 900, 950])
    const before = (await retentionRows(api)).length
    // A second process: its own connections on PostgreSQL; the one embedded database otherwise.
    const other = database.url
      ? await openDatabase({ databaseUrl: api.databaseUrl, dataDir: api.config.dataDir })
      : undefined
    try {
      const now = api.clock.now()
      const runs = await Promise.all([
        applyRetention(api.db, deps(), now),
        applyRetention(other?.db ?? api.db, deps(), now),
      ])
      const anonymised = runs.map((run) => (run.skipped ? 0 : run.anonymised))
      expect(anonymised.filter((count) => count > 0)).toHaveLength(1)
      expect(Math.max(...anonymised)).toBeGreaterThanOrEqual(3)
      expect(await retentionRows(api)).toHaveLength(before + 1)
    } finally {
      await other?.close()
    }
  })
})

describe('RETENTION_MONTHS', () => {
  it('is 24 by default, and a whole number of months from 1', () => {
    expect(loadConfig({}).retentionMonths).toBe(24)
    expect(loadConfig({ RETENTION_MONTHS: '36' }).retentionMonths).toBe(36)
    expect(() => loadConfig({ RETENTION_MONTHS: '0' })).toThrow(/RETENTION_MONTHS/)
    expect(() => loadConfig({ RETENTION_MONTHS: 'forever' })).toThrow(/RETENTION_MONTHS/)
  })
})
