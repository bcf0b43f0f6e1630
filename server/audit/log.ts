import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, count, desc, eq, gt, ilike, lte, or, type SQL } from 'drizzle-orm'
import type { Context } from 'hono'
import {
  auditActions,
  auditOutcomes,
  type AuditAction,
  type AuditOutcome,
  type AuditQuery,
  type AuditRow,
  type AuditVerify,
} from '../../src/contract/audit.ts'
import type { User } from '../../src/contract/auth.ts'
import { pageSize } from '../../src/contract/http.ts'
import { roles, type Role } from '../../src/contract/roles.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { withinDays } from '../db/day-range.ts'
import { auditHead, auditLog } from '../db/schema/audit.ts'
import type { AppDeps, AppEnv, UserEnv } from '../deps.ts'
import { clientAddress } from '../http/client-address.ts'

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

/**
 * Appends one row to the audit log, in `tx`: the transaction of the act it records, so that the
 * row is there exactly when the act is. The chain's head is locked (`select … for update`) until
 * the transaction ends: appends are serial across processes, on PGlite and PostgreSQL alike, and
 * each row's HMAC takes the previous one's. `tx` must be a transaction, never the pool: every act
 * runs in one (`oncePerKey` gives one even without a key), and `auditAlone` makes one.
 */
export async function appendAudit(
  tx: Database,
  auditKey: Config['auditKey'],
  at: Date,
  entry: AuditEntry,
): Promise<void> {
  const [head] = await tx
    .select({ position: auditHead.position, hmac: auditHead.hmac })
    .from(auditHead)
    .where(eq(auditHead.id, 1))
    .for('update')
  if (!head) throw new Error('the audit log has no head row (migration 0008_sessions_audit)')
  const row: Chained = {
    id: head.position + 1,
    at,
    actorId: entry.actor.id,
    actor: entry.actor.email,
    role: entry.actor.role,
    action: entry.action,
    target: entry.target,
    outcome: entry.outcome,
    clientAddress: entry.clientAddress,
    detail: entry.detail ?? null,
  }
  const hmac = rowHmac(auditKey, row, head.hmac)
  await tx.insert(auditLog).values({ ...row, hmac })
  await tx.update(auditHead).set({ position: row.id, hmac }).where(eq(auditHead.id, 1))
}

type AuditDeps = Pick<AppDeps, 'config' | 'clock'>

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
  return appendAudit(tx, config.auditKey, clock(), {
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
  return appendAudit(tx, config.auditKey, act.at, {
    actor: { id, email, role },
    action: act.action,
    target: `user:${id}`,
    outcome: 'success',
    clientAddress: clientAddress(c, config.trustedProxies),
  })
}

/** An act with no transaction of its own (a refused sign-in, an export): recorded in one. */
export function auditAlone(db: Database, deps: AuditDeps, entry: AuditEntry): Promise<void> {
  return db.transaction((tx) => appendAudit(tx, deps.config.auditKey, deps.clock(), entry))
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
 * `GET /audit/verify`: reads the chain from the head as it stands (appends after that are left
 * for the next check) in batches, and recomputes every HMAC. The first position whose row is
 * missing, out of place or altered is `firstBrokenId`; rows cut from the end show as the first
 * position the head counts but the rows do not reach.
 */
export async function verifyAudit(
  db: Database,
  auditKey: Config['auditKey'],
): Promise<AuditVerify> {
  const [head] = await db
    .select({ position: auditHead.position, hmac: auditHead.hmac })
    .from(auditHead)
    .where(eq(auditHead.id, 1))
  const end = head?.position ?? 0
  let expected = 1
  let previous = ''
  let seen = 0
  while (expected <= end) {
    const rows = await db
      .select({ ...rowColumns, hmac: auditLog.hmac })
      .from(auditLog)
      .where(and(gt(auditLog.id, expected - 1), lte(auditLog.id, end)))
      .orderBy(auditLog.id)
      .limit(verifyBatch)
    if (rows.length === 0) break
    for (const row of rows) {
      seen += 1
      if (row.id !== expected || !sameHmac(rowHmac(auditKey, row, previous), row.hmac)) {
        return { ok: false, count: await countRows(db), firstBrokenId: expected }
      }
      previous = row.hmac
      expected += 1
    }
  }
  if (expected <= end || (head && end > 0 && !sameHmac(previous, head.hmac))) {
    return { ok: false, count: await countRows(db), firstBrokenId: expected }
  }
  return { ok: true, count: seen, firstBrokenId: null }
}

async function countRows(db: Database): Promise<number> {
  const [row] = await db.select({ count: count() }).from(auditLog)
  return row?.count ?? 0
}
