import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import * as v from 'valibot'
import { messages } from '#contract/messages.ts'
import type { Database } from '../db/database.ts'
import { idempotencyKeys } from '../db/schema/idempotency.ts'
import { HttpError } from '../http-error.ts'

/**
 * Keys are kept at least this long (docs/behaviour.md#repeat-safe-requests); older ones are
 * forgotten.
 */
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

/**
 * JSON with the keys of every object sorted: equal for equal bodies, however they were written.
 * Written with its own stack: a body nested a hundred thousand levels deep must not overflow.
 */
export function canonicalJson(value: unknown): string {
  const parts: string[] = []
  // What is left to write, the next last: a value, or a piece of text between values.
  const stack: ({ text: string } | { value: unknown })[] = [{ value }]
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    if ('text' in next) {
      parts.push(next.text)
      continue
    }
    const current = next.value
    if (current === null || typeof current !== 'object') {
      parts.push(JSON.stringify(current))
      continue
    }
    const isArray = Array.isArray(current)
    const entries = isArray
      ? current.map((item: unknown) => ['', item] as const)
      : Object.entries(current).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    stack.push({ text: isArray ? ']' : '}' })
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const [key, item] = entries[index] ?? ['', null]
      stack.push({ value: item })
      if (!isArray) stack.push({ text: `${JSON.stringify(key)}:` })
      if (index > 0) stack.push({ text: ',' })
    }
    parts.push(isArray ? '[' : '{')
  }
  return parts.join('')
}

/** The name of the advisory lock a request holds on its key while it runs. */
export function keyLockName(userId: number, key: string): string {
  return `idempotency:${userId}:${key}`
}

export type StoredAnswer = { status: ContentfulStatusCode; body: unknown }

/** Deletes the keys older than the retention (serve.ts runs it hourly): nothing reads them again. */
export async function forgetExpiredKeys(db: Database, now: Date): Promise<number> {
  const expiredBefore = new Date(now.getTime() - keyRetentionMs)
  const forgotten = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, expiredBefore))
    .returning({ id: idempotencyKeys.id })
  return forgotten.length
}

type KeyRow = typeof idempotencyKeys.$inferSelect

/**
 * The first answer under a key, when the key is done and not expired; a 422 when it was done for
 * another body; null when the key is new (or expired).
 */
export function firstAnswer(
  row: KeyRow | undefined,
  requestHash: string,
  now: Date,
): StoredAnswer | null {
  const expiredBefore = now.getTime() - keyRetentionMs
  if (row === undefined || row.createdAt.getTime() < expiredBefore) return null
  if (row.status !== 'done' || row.responseStatus === null) return null
  if (row.requestHash !== requestHash) throw new HttpError(422, messages.idempotencyKeyReused.id)
  const status = row.responseStatus as ContentfulStatusCode
  return { status, body: row.responseBody }
}

/** What a creation did: made the row, found the key done (its first answer), or could not. */
export type Created =
  | { kind: 'created'; answer: StoredAnswer }
  | { kind: 'replayed'; answer: StoredAnswer }
  | { kind: 'impossible' }

/** The 201 `{ data: { id }, message }` of a row made; the same JSON the key stores. */
export function createdAnswer(id: number, message: string): StoredAnswer {
  return { status: 201, body: { data: { id }, message } }
}

/** The sha256 of the request's canonical body, stored with its key. */
export function requestHashOf(body: unknown): string {
  return createHash('sha256').update(canonicalJson(body)).digest('hex')
}

/**
 * What a request with a key gets when its statement made nothing
 * (docs/behaviour.md#repeat-safe-requests). The statement takes a transaction-scoped advisory lock
 * on the key (`keyLockName`), claims the key with the answer that tells the new row's id, and
 * inserts the row, the insert reading the claim; so the key is done exactly when the row is stored,
 * and a failure leaves neither. No claim means that another request holds the lock (in this or
 * another process), that the key is there and not expired, or that the row cannot be made: the
 * key's row, as it reads now, tells which. Again with the same body: the stored answer
 * (`replayed`). With another body: 422. While the first is still at work: 409, told by the lock
 * (`taken`) rather than by waiting for it. `possible`: whether the row could have been made. A key
 * older than the retention is claimed again as new, unless its row keeps it (`kept`: the row the
 * key made, and the hash of the body that made it), which answers it for as long as it is kept.
 */
export async function withoutClaim(
  db: Database,
  {
    userId,
    key,
    requestHash,
    now,
  }: { userId: number; key: string; requestHash: string; now: Date },
  { taken, possible }: { taken: boolean; possible: boolean },
  kept?: { id: number; requestHash: string | null; message: string } | null,
): Promise<Created> {
  const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  const [first] = await db.select().from(idempotencyKeys).where(ofKey)
  const answer = firstAnswer(first, requestHash, now)
  if (answer) return { kind: 'replayed', answer }
  if (kept) {
    if (kept.requestHash !== requestHash) throw new HttpError(422, messages.idempotencyKeyReused.id)
    return { kind: 'replayed', answer: createdAnswer(kept.id, kept.message) }
  }
  if (taken && !possible) return { kind: 'impossible' }
  // The lock was held by another request, which has not committed yet.
  throw new HttpError(409, messages.idempotencyInProgress.id)
}
