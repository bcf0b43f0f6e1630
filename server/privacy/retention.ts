/**
 * Retention (docs/security.md#retention): a trial keeps its contact and free texts for
 * `RETENTION_MONTHS` after its capture, then the hourly job anonymises it. One process at a time
 * runs it: of several API processes on one database, the one that takes the lock does the work,
 * and the others skip that turn.
 */
import { sql } from 'drizzle-orm'
import { appendAudit } from '../audit/log.ts'
import type { Database } from '../db/database.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { quarantinedTrials } from '../db/schema/quarantine.ts'
import { trials } from '../db/schema/trials.ts'
import type { Logger } from '../log.ts'
import { anonymiseQuarantined, anonymiseTrials } from './erase.ts'

/** The advisory lock of the retention job (any constant every process shares). */
const retentionLock = 20261207

/** The capture time before which a trial is anonymised: `months` calendar months before `now`. */
export function retentionCutoff(now: Date, months: number): Date {
  const cutoff = new Date(now)
  cutoff.setUTCMonth(cutoff.getUTCMonth() - months)
  return cutoff
}

export type RetentionRun = { skipped: true } | { skipped: false; anonymised: number; cutoff: Date }

/**
 * Anonymises the trials captured before the cutoff that still hold their contact, in one
 * transaction with its audit row (only when it anonymised any); `skipped` when another process
 * holds the job's lock.
 */
export async function applyRetention(
  db: Database,
  deps: { auditKey: string; logger: Logger; months: number },
  now: Date,
): Promise<RetentionRun> {
  const cutoff = retentionCutoff(now, deps.months)
  const run = await db.transaction(async (tx): Promise<RetentionRun> => {
    const [lock] = rowsOf(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${retentionLock}) as taken`),
    )
    if (lock?.taken !== true) return { skipped: true }
    const anonymised = await anonymiseTrials(
      tx,
      sql`${trials.capturedAt} < ${cutoff.toISOString()}::timestamptz and ${trials.anonymisedAt} is null`,
      now,
    )
    // A refused trial handed to the quarantine is kept as long as a trial, counted from arrival.
    const quarantined = await anonymiseQuarantined(
      tx,
      sql`${quarantinedTrials.receivedAt} < ${cutoff.toISOString()}::timestamptz and ${quarantinedTrials.anonymisedAt} is null`,
      now,
    )
    if (anonymised.length > 0 || quarantined > 0) {
      await appendAudit(tx, { auditKey: deps.auditKey, logger: deps.logger }, now, {
        actor: { id: null, email: 'retention', role: null },
        action: 'trial.retention',
        target: 'trials',
        outcome: 'success',
        clientAddress: 'local',
        detail: `RETENTION_MONTHS ${deps.months}: ${anonymised.length} trials captured and ${quarantined} refused trials received before ${cutoff.toISOString()}`,
      })
    }
    return { skipped: false, anonymised: anonymised.length, cutoff }
  })
  if (run.skipped) {
    deps.logger.debug({ event: 'retention.skipped' }, 'retention runs in another process')
  } else {
    deps.logger.info(
      { event: 'retention.applied', anonymised: run.anonymised, before: run.cutoff.toISOString() },
      'retention applied',
    )
  }
  return run
}
