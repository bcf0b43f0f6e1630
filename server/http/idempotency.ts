import { createHash } from 'node:crypto'
import { and, eq, lt, sql } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { messages } from '../../src/contract/messages.ts'
import type { Database } from '../db/database.ts'
import { idempotencyKeys } from '../db/schema/idempotency.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { HttpError } from '../http-error.ts'

/** Keys are kept at least this long (design section 4); older ones are forgotten. */
export const keyRetentionMs = 30 * 24 * 60 * 60 * 1000

const uuidSchema = v.pipe(v.string(), v.uuid())

/**
 * The key of an `Idempotency-Key` header, lower-case: a UUID, bare or as a structured-field
 * string (`"…"`, as the IETF draft writes it). Undefined without the header; otherwise a 400.
 */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined) return undefined
  const key = header.trim().replace(/^"(.*)"$/, '$1')
  if (!v.is(uuidSchema, key)) throw new HttpError(400, messages.idempotencyKeyInvalid.id)
  return key.toLowerCase()
}

/** JSON with the keys of every object sorted: equal for equal bodies, however they were written. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`)
    return `{${entries.join(',')}}`
  }
  return JSON.stringify(value)
}

/** The name of the advisory lock a request holds on its key while it runs. */
export function keyLockName(userId: number, key: string): string {
  return `idempotency:${userId}:${key}`
}

export type StoredAnswer = { status: ContentfulStatusCode; body: unknown }

type Request = { userId: number; key: string | undefined; body: unknown; now: Date }

/** Deletes the keys older than the retention (serve.ts runs it hourly): nothing reads them again. */
export async function forgetExpiredKeys(db: Database, now: Date): Promise<number> {
  const expiredBefore = new Date(now.getTime() - keyRetentionMs)
  const forgotten = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiredBefore))
    .returning({ id: idempotencyKeys.id })
  return forgotten.length
}

/**
 * Runs `work` in a transaction, at most once per user and `Idempotency-Key` (design section 4):
 * the key's row is claimed first (unique per user), the work runs in the same transaction, and
 * its answer is stored with the row, so that the key is done exactly when the work is stored and
 * a failure leaves neither. Again with the same body: the stored answer (`replayed`). With another
 * body: 422. While the first is still running (in this or another process): 409, told by a
 * transaction-scoped advisory lock on the key rather than by waiting for it. A key older than the
 * retention is claimed again as new. Without a key the work simply runs.
 *
 * The claim is one statement: take the lock and, when it is taken, insert the row or take over an
 * expired one. No row back means that the lock was held by another request, or that the key is
 * there and not expired: the row, as it reads now, tells which answer to give.
 */
export function runOnce(
  db: Database,
  { userId, key, body, now }: Request,
  work: (tx: Database) => Promise<StoredAnswer>,
): Promise<StoredAnswer & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    if (key === undefined) return { ...(await work(tx)), replayed: false }

    const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex')
    const expiredBefore = new Date(now.getTime() - keyRetentionMs)
    const claim = await tx.execute(sql`
      with lock as (
        select pg_try_advisory_xact_lock(hashtextextended(${keyLockName(userId, key)}, 0)) as taken
      )
      insert into idempotency_keys (user_id, key, request_hash, status, created_at)
      select ${userId}, ${key}, ${requestHash}, 'running', ${now.toISOString()} from lock
      where lock.taken
      on conflict (user_id, key) do update
        set request_hash = excluded.request_hash, status = excluded.status,
          response_status = null, response_body = null, created_at = excluded.created_at
        where idempotency_keys.created_at < ${expiredBefore.toISOString()}
      returning id`)
    const claimed = rowsOf(claim)[0]
    if (!claimed) {
      const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
      const [first] = await tx.select().from(idempotencyKeys).where(ofKey)
      if (first?.status === 'done' && first.requestHash !== requestHash) {
        throw new HttpError(422, messages.idempotencyKeyReused.id)
      }
      // Not there (another request holds the lock and has not committed), or not done: only a
      // request still at work could leave it so.
      if (first?.status !== 'done' || first.responseStatus === null) {
        throw new HttpError(409, messages.idempotencyInProgress.id)
      }
      const status = first.responseStatus as ContentfulStatusCode
      return { status, body: first.responseBody, replayed: true }
    }

    const answer = await work(tx)
    await tx
      .update(idempotencyKeys)
      .set({ status: 'done', responseStatus: answer.status, responseBody: answer.body })
      .where(eq(idempotencyKeys.id, Number(claimed.id)))
    return { ...answer, replayed: false }
  })
}
