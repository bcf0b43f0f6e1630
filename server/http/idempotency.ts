import { createHash } from 'node:crypto'
import { and, eq, getTableName, lt, sql, type SQL } from 'drizzle-orm'
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core'
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
 * A row to create: `source` selects its values, one row or none when it cannot be made (say, its
 * store is archived), each column under the name of the table's column it fills; `message` is the
 * translated message of the 201 `{ data: { id }, message }` that tells it was made.
 */
export type Creation = {
  table: PgTable & { id: PgColumn }
  source: SQL
  columns: readonly string[]
  message: string
}

/** What `createOnce` did: made the row, found the key done (its first answer), or could not. */
export type Created =
  | { kind: 'created'; answer: StoredAnswer }
  | { kind: 'replayed'; answer: StoredAnswer }
  | { kind: 'impossible' }

function createdAnswer(id: number, message: string): StoredAnswer {
  return { status: 201, body: { data: { id }, message } }
}

/**
 * Creates a row, at most once per user and `Idempotency-Key` (design section 4), in one statement
 * (no transaction of several round trips: a trial's cost is its round trips): it takes a
 * transaction-scoped advisory lock on the key, draws the new row's id, claims the key with the
 * answer that tells that id, and inserts the row, the insert reading the claim; so the key is
 * done exactly when the row is stored, and a failure leaves neither. No claim means that another
 * request holds the lock (in this or another process), that the key is there and not expired, or
 * that the row cannot be made: the key's row, as it reads now, tells which. Again with the same
 * body: the stored answer (`replayed`). With another body: 422. While the first is still at work:
 * 409, told by the lock rather than by waiting for it. A key older than the retention is claimed
 * again as new. Without a key the row is simply inserted.
 */
export async function createOnce(
  db: Database,
  { userId, key, body, now }: Request,
  { table, source, columns, message }: Creation,
): Promise<Created> {
  const names = sql.join(
    columns.map((column) => sql.identifier(column)),
    sql`, `,
  )
  const id = sql.identifier(table.id.name)
  if (key === undefined) {
    const inserted = await db.execute(sql`
      insert into ${table} (${names}) select ${names} from (${source}) as source
      returning ${id}`)
    const [row] = rowsOf(inserted)
    return row === undefined
      ? { kind: 'impossible' }
      : { kind: 'created', answer: createdAnswer(Number(row.id), message) }
  }

  const requestHash = createHash('sha256').update(canonicalJson(body)).digest('hex')
  const expiredBefore = new Date(now.getTime() - keyRetentionMs).toISOString()
  const result = await db.execute(sql`
    with lock as (
      select pg_try_advisory_xact_lock(hashtextextended(${keyLockName(userId, key)}, 0)) as taken
    ),
    source as (${source}),
    new_row as (
      select nextval(pg_get_serial_sequence(${getTableName(table)}, ${table.id.name})) as id
      from lock, source where lock.taken
    ),
    claim as (
      insert into idempotency_keys
        (user_id, key, request_hash, status, response_status, response_body, created_at)
      select ${userId}, ${key}, ${requestHash}, 'done', 201,
        jsonb_build_object('data', jsonb_build_object('id', new_row.id), 'message', ${message}::text),
        ${now.toISOString()}
      from new_row
      on conflict (user_id, key) do update
        set request_hash = excluded.request_hash, status = excluded.status,
          response_status = excluded.response_status, response_body = excluded.response_body,
          created_at = excluded.created_at
        where idempotency_keys.created_at < ${expiredBefore}
      returning 1
    ),
    created as (
      insert into ${table} (${id}, ${names}) overriding system value
      select new_row.id, ${names} from new_row, source, claim
      returning ${id}
    )
    select (select id from created) as id, (select taken from lock) as taken,
      exists (select 1 from source) as possible`)
  const [outcome] = rowsOf(result)
  const createdId = outcome?.id
  if (createdId !== null && createdId !== undefined) {
    return { kind: 'created', answer: createdAnswer(Number(createdId), message) }
  }

  const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
  const [first] = await db.select().from(idempotencyKeys).where(ofKey)
  const current = first !== undefined && first.createdAt.toISOString() >= expiredBefore
  if (current && first.status === 'done' && first.responseStatus !== null) {
    if (first.requestHash !== requestHash)
      throw new HttpError(422, messages.idempotencyKeyReused.id)
    const status = first.responseStatus as ContentfulStatusCode
    return { kind: 'replayed', answer: { status, body: first.responseBody } }
  }
  if (outcome?.taken === true && outcome.possible === false) return { kind: 'impossible' }
  // The lock was held by another request, which has not committed yet.
  throw new HttpError(409, messages.idempotencyInProgress.id)
}
