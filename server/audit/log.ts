import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, count, desc, eq, gt, ilike, lt, lte, max, min, or, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  auditActions,
  auditOutcomes,
  type AuditAction,
  type AuditOutcome,
  type AuditQuery,
  type AuditRow,
  type AuditVerify,
} from '#contract/audit.ts'
import type { User } from '#contract/auth.ts'
import { pageSize } from '#contract/http.ts'
import { roles, type Role } from '#contract/roles.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { withinDays } from '../db/day-range.ts'
import { auditHead, auditLog } from '../db/schema/audit.ts'
import type { AppDeps, AppEnv, UserEnv } from '../deps.ts'
import { clientAddress } from '../http/client-address.ts'
import { makeCheckpoint, type AuditPosition } from './checkpoint.ts'
import type { Logger } from '../log.ts'

/** Who acted: a signed-in user, or (`id` null) the email a sign-in was attempted with. */
export type AuditActor = { id: number | null; email: string; role: Role | null }

/** One audited act. Never a password, token, PIN or link: `target` names, `detail` describes. */
export type AuditEntry = {
  actor: AuditActor
  action: AuditAction
  target: string
  outcome: AuditOutcome
  clientAddress: string
  detail?: string | null
}

type Chained = {
  id: number
  at: Date
  actorId: number | null
  actor: string
  role: string | null
  action: string
  target: string
  outcome: string
  clientAddress: string
  detail: string | null
}

/** The HMAC of a row: its fields, in a fixed order, and the previous row's HMAC. */
function rowHmac(key: string, row: Chained, previous: string): string {
  const fields = [
    row.id,
    row.at.toISOString(),
    row.actorId,
    row.actor,
    row.role,
    row.action,
    row.target,
    row.outcome,
    row.clientAddress,
    row.detail,
    previous,
  ]
  return createHmac('sha256', key).update(JSON.stringify(fields)).digest('hex')
}

/** The head's seal: the HMAC of its position and last HMAC, so that moving it needs the key. */
function headSeal(key: string, position: number, hmac: string): string {
  return createHmac('sha256', key)
    .update(JSON.stringify(['head', position, hmac]))
    .digest('hex')
}

type Head = { position: number; hmac: string; seal: string | null }

async function lockedHead(tx: Database): Promise<Head> {
  const [head] = await tx
    .select({ position: auditHead.position, hmac: auditHead.hmac, seal: auditHead.seal })
    .from(auditHead)
    .where(eq(auditHead.id, 1))
    .for('update')
  if (!head) throw new Error('the audit log has no head row (migration 0008_sessions_audit)')
  return head
}

/** The first row outside 1..head (forged past the head, or below 1), or null. */
async function firstRowOutside(db: Database, position: number): Promise<number | null> {
  const [row] = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(or(gt(auditLog.id, position), lt(auditLog.id, 1)))
    .orderBy(auditLog.id)
    .limit(1)
  return row?.id ?? null
}

async function lastRowId(db: Database): Promise<number> {
  const [row] = await db.select({ id: max(auditLog.id) }).from(auditLog)
  return row?.id ?? 0
}

/** Writes one row after `previous` at `id`: its HMAC chains it, and the JSON log anchors it. */
async function insertRow(
  tx: Database,
  { auditKey, logger }: AppendDeps,
  previous: string,
  row: Chained,
): Promise<AuditPosition> {
  const hmac = rowHmac(auditKey, row, previous)
  await tx.insert(auditLog).values({ ...row, hmac })
  logger.info({ event: 'audit.append', position: row.id, hmac }, 'audit.append')
  return { position: row.id, hmac }
}

type AppendDeps = { auditKey: Config['auditKey']; logger: Logger }

/**
 * Appends one row to the audit log, in `tx`: the transaction of the act it records, so that the
 * row is there exactly when the act is. The chain's head is locked (`select … for update`) until
 * the transaction ends: appends are serial across processes, on PGlite and PostgreSQL alike, and
 * each row's HMAC takes the previous one's. `tx` must be a transaction, never the pool: every act
 * runs in one (`oncePerKey` gives one even without a key), and `auditAlone` makes one.
 *
 * A head whose seal does not hold, or rows sitting past it, are a break: the append records it as
 * an `audit.break` row first (and a JSON log alert), goes on after the rows it found, and the act
 * is recorded as usual; verify names the break. Refusing the act instead would let whoever can
 * write one row stop every sign-in.
 */
export async function appendAudit(
  tx: Database,
  deps: AppendDeps,
  at: Date,
  entry: AuditEntry,
): Promise<void> {
  const head = await lockedHead(tx)
  const problems: string[] = []
  // Only a log never written to may have no seal yet (`sealAuditHead`): this append seals it.
  const sealed = head.seal === headSeal(deps.auditKey, head.position, head.hmac)
  if (!sealed && !(head.seal === null && head.position === 0)) {
    problems.push(`the head at position ${head.position} does not match its seal`)
  }
  const outside = await firstRowOutside(tx, head.position)
  let last: AuditPosition = { position: head.position, hmac: head.hmac }
  if (outside !== null) {
    const end = await lastRowId(tx)
    problems.push(`rows past the head: ${outside} to ${end}`)
    last = { position: Math.max(end, head.position), hmac: head.hmac }
  }
  if (problems.length > 0) {
    const detail = problems.join('; ')
    deps.logger.error({ event: 'audit.break', position: last.position + 1, detail }, detail)
    last = await insertRow(tx, deps, last.hmac, {
      id: last.position + 1,
      at,
      actorId: null,
      actor: 'server',
      role: null,
      action: 'audit.break',
      target: 'audit',
      outcome: 'failure',
      clientAddress: entry.clientAddress,
      detail,
    })
  }
  const written = await insertRow(tx, deps, last.hmac, {
    id: last.position + 1,
    at,
    actorId: entry.actor.id,
    actor: entry.actor.email,
    role: entry.actor.role,
    action: entry.action,
    target: entry.target,
    outcome: entry.outcome,
    clientAddress: entry.clientAddress,
    detail: entry.detail ?? null,
  })
  await tx
    .update(auditHead)
    .set({ ...written, seal: headSeal(deps.auditKey, written.position, written.hmac) })
    .where(eq(auditHead.id, 1))
}

/**
 * Seals a head that has no seal yet, as it stands: once, at the first start after the migration
 * that added the seal (an older log's head could not be sealed without the key). Answers the
 * position it sealed, or null when the head was sealed already. The server logs it: a head
 * unsealed by hand and sealed again at a restart shows there.
 */
export async function sealAuditHead(
  db: Database,
  auditKey: Config['auditKey'],
): Promise<number | null> {
  return db.transaction(async (tx) => {
    const head = await lockedHead(tx)
    if (head.seal !== null) return null
    await tx
      .update(auditHead)
      .set({ seal: headSeal(auditKey, head.position, head.hmac) })
      .where(eq(auditHead.id, 1))
    return head.position
  })
}

type AuditDeps = Pick<AppDeps, 'config' | 'clock' | 'logger'>

/**
 * Records an act of the signed-in user of `c`, from the request's client address, in `tx` (the
 * act's transaction). The one call for a handler; `outcome` is `success` unless told.
 */
export function audit(
  c: Context<UserEnv>,
  { config, clock }: AuditDeps,
  tx: Database,
  act: { action: AuditAction; target: string; outcome?: AuditOutcome; detail?: string | null },
): Promise<void> {
  const { id, email, role } = c.var.user
  return appendAudit(tx, { auditKey: config.auditKey, logger: c.var.logger }, clock(), {
    actor: { id, email, role },
    action: act.action,
    target: act.target,
    outcome: act.outcome ?? 'success',
    clientAddress: clientAddress(c, config.trustedProxies),
    detail: act.detail ?? null,
  })
}

/**
 * Records a user's act on their own account from a request that is not signed in (a sign-in, a
 * password set from a link), in `tx` (the act's transaction). Unlike `audit`, the actor is not the
 * request's signed-in user but the one the act found, by password or by link.
 */
export function auditOwnAccount(
  c: Context<AppEnv>,
  { config }: Pick<AppDeps, 'config'>,
  tx: Database,
  act: { user: User; action: AuditAction; at: Date },
): Promise<void> {
  const { id, email, role } = act.user
  return appendAudit(tx, { auditKey: config.auditKey, logger: c.var.logger }, act.at, {
    actor: { id, email, role },
    action: act.action,
    target: `user:${id}`,
    outcome: 'success',
    clientAddress: clientAddress(c, config.trustedProxies),
  })
}

/** An act with no transaction of its own (a refused sign-in, an export): recorded in one. */
export function auditAlone(db: Database, deps: AuditDeps, entry: AuditEntry): Promise<void> {
  const appendDeps = { auditKey: deps.config.auditKey, logger: deps.logger }
  return db.transaction((tx) => appendAudit(tx, appendDeps, deps.clock(), entry))
}

const rowColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actor: auditLog.actor,
  role: auditLog.role,
  action: auditLog.action,
  target: auditLog.target,
  outcome: auditLog.outcome,
  clientAddress: auditLog.clientAddress,
  detail: auditLog.detail,
}

/** `GET /audit/search`: newest first, 20 a page. */
export async function searchAudit(
  db: Database,
  query: AuditQuery,
  timeZone: string,
): Promise<{ rows: AuditRow[]; count: number }> {
  const conditions: (SQL | undefined)[] = [
    ...withinDays(auditLog.at, query, timeZone),
    query.action ? eq(auditLog.action, query.action) : undefined,
  ]
  if (query.query) {
    const pattern = `%${query.query.replace(/[\\%_]/g, (found) => `\\${found}`)}%`
    conditions.push(
      or(
        ilike(auditLog.actor, pattern),
        ilike(auditLog.target, pattern),
        ilike(auditLog.detail, pattern),
        ilike(auditLog.clientAddress, pattern),
      ),
    )
  }
  const where = and(...conditions)
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(auditLog)
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ count: count() }).from(auditLog).where(where),
  ])
  return {
    rows: rows.map((row) => ({
      ...row,
      at: row.at.toISOString(),
      // Written from the contract's lists only (appendAudit's types): read back as such.
      role: parseRole(row.role),
      action: parseAction(row.action),
      outcome: parseOutcome(row.outcome),
    })),
    count: total?.count ?? 0,
  }
}

function parseRole(value: string | null): Role | null {
  return roles.find((role) => role === value) ?? null
}
function parseAction(value: string): AuditAction {
  const found = auditActions.find((action) => action === value)
  if (!found) throw new Error(`unknown audit action ${value}`)
  return found
}
function parseOutcome(value: string): AuditOutcome {
  const found = auditOutcomes.find((outcome) => outcome === value)
  if (!found) throw new Error(`unknown audit outcome ${value}`)
  return found
}

const verifyBatch = 2000

function sameHmac(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * `GET /audit/verify`: the rows must be exactly 1..head, each row's HMAC must chain from the one
 * before, the head's seal must hold, and a checkpoint, when given, must still be in the chain.
 * The chain is read from the head as it stands (appends after that are left for the next check),
 * in batches. `firstBrokenId` is the first position that fails: a row changed, missing or forged
 * past the head, or the first one a cut head (or a checkpoint the chain no longer reaches) lacks.
 * `breaks` are the breaks appends found and recorded (`audit.break` rows): the chain is whole
 * again after them, but the log is not.
 */
export async function verifyAudit(
  db: Database,
  auditKey: Config['auditKey'],
  checkpoint: AuditPosition | null,
): Promise<AuditVerify> {
  // The rows' extent is read before the head: a row appended before this read had moved the head
  // in its own transaction, so any row past the head read after it was not appended.
  const [extent] = await db
    .select({ first: min(auditLog.id), last: max(auditLog.id) })
    .from(auditLog)
  const [head] = await db
    .select({ position: auditHead.position, hmac: auditHead.hmac, seal: auditHead.seal })
    .from(auditHead)
    .where(eq(auditHead.id, 1))
  const end = head?.position ?? 0
  const broken: number[] = []
  if (extent?.first != null && extent.first < 1) broken.push(extent.first)
  if (extent?.last != null && extent.last > end) {
    const [forged] = await db
      .select({ id: min(auditLog.id) })
      .from(auditLog)
      .where(and(gt(auditLog.id, end), lte(auditLog.id, extent.last)))
    broken.push(forged?.id ?? end + 1)
  }
  // Every server seals the head as it starts (`sealAuditHead`), so an unsealed head was unsealed.
  if (head?.seal !== headSeal(auditKey, end, head?.hmac ?? '')) broken.push(end + 1)
  if (checkpoint && checkpoint.position > end) broken.push(end + 1)

  let expected = 1
  let previous = ''
  walk: while (expected <= end) {
    const rows = await db
      .select({ ...rowColumns, hmac: auditLog.hmac })
      .from(auditLog)
      .where(and(gt(auditLog.id, expected - 1), lte(auditLog.id, end)))
      .orderBy(auditLog.id)
      .limit(verifyBatch)
    if (rows.length === 0) break
    for (const row of rows) {
      const whole = row.id === expected && sameHmac(rowHmac(auditKey, row, previous), row.hmac)
      const kept = row.id !== checkpoint?.position || sameHmac(row.hmac, checkpoint.hmac)
      if (!whole || !kept) break walk
      previous = row.hmac
      expected += 1
    }
  }
  if (expected <= end || (end > 0 && !sameHmac(previous, head?.hmac ?? ''))) broken.push(expected)

  const breaks = await db
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.action, 'audit.break'), lte(auditLog.id, end)))
    .orderBy(auditLog.id)
  const firstBrokenId = broken.length > 0 ? Math.min(...broken) : null
  return {
    ok: firstBrokenId === null && breaks.length === 0,
    count: firstBrokenId === null ? end : await countRows(db),
    firstBrokenId,
    breaks: breaks.map((row) => row.id),
  }
}

/**
 * A signed checkpoint of the chain as it stands (`npm run audit:checkpoint`), made only once the
 * chain verifies: a checkpoint of a cut log would vouch for the cut.
 */
export async function checkpointAudit(
  db: Database,
  auditKey: Config['auditKey'],
  at: Date,
): Promise<{ verify: AuditVerify; checkpoint: string | null }> {
  const verify = await verifyAudit(db, auditKey, null)
  if (!verify.ok) return { verify, checkpoint: null }
  const [row] = await db
    .select({ hmac: auditLog.hmac })
    .from(auditLog)
    .where(eq(auditLog.id, verify.count))
  const position = { position: verify.count, hmac: row?.hmac ?? '' }
  return { verify, checkpoint: makeCheckpoint(auditKey, { ...position, at }) }
}

async function countRows(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(auditLog)
  return row?.count ?? 0
}
