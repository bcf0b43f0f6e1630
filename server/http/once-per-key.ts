import { and, eq, sql } from 'drizzle-orm'
import type { Context } from 'hono'
import { idempotencyHeader, idempotentReplayedHeader } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import type { Database } from '../db/database.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { idempotencyKeys } from '../db/schema/idempotency.ts'
import type { UserEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'
import {
  firstAnswer,
  idempotencyKeyOf,
  keyLockName,
  requestHashOf,
  type StoredAnswer,
} from './idempotency.ts'
import { readJson } from './validate.ts'

/** What a mutation with an optional `Idempotency-Key` came to. */
export type Once = { replayed: boolean; answer: StoredAnswer }

/**
 * Runs a mutation at most once per user and `Idempotency-Key` (the same rule as a trial's): the
 * same key again answers the first 2xx answer and does nothing; another body under it is 422;
 * while the first request with the key is still at work, 409. The work runs in one transaction
 * with the key's row, so the key is done exactly when the work is committed; an answer that is not
 * a 2xx, or an error, stores nothing, and the same key may then be tried again. Without the header
 * the work runs in a transaction of its own.
 */
export async function oncePerKey(
  c: Context<UserEnv>,
  { db, now }: { db: Database; now: Date },
  work: (db: Database) => Promise<StoredAnswer>,
): Promise<Once> {
  const key = idempotencyKeyOf(c.req.header(idempotencyHeader))
  // Without a key the act is still one transaction: what it records of itself (its audit row)
  // commits with it or not at all.
  if (key === undefined) return { replayed: false, answer: await db.transaction((tx) => work(tx)) }
  const userId = c.var.user.id
  const requestHash = requestHashOf(await readJson(c))
  return db.transaction(async (tx) => {
    const [lock] = rowsOf(
      await tx.execute(
        sql`select pg_try_advisory_xact_lock(hashtextextended(${keyLockName(userId, key)}, 0)) as taken`,
      ),
    )
    if (lock?.taken !== true) throw new HttpError(409, messages.idempotencyInProgress.id)
    const ofKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key))
    const [first] = await tx.select().from(idempotencyKeys).where(ofKey)
    const replay = firstAnswer(first, requestHash, now)
    if (replay) return { replayed: true, answer: replay }
    const answer = await work(tx)
    if (answer.status >= 200 && answer.status < 300) {
      if (first !== undefined) await tx.delete(idempotencyKeys).where(ofKey)
      await tx.insert(idempotencyKeys).values({
        userId,
        key,
        requestHash,
        status: 'done',
        responseStatus: answer.status,
        responseBody: answer.body,
        createdAt: now,
      })
    }
    return { replayed: false, answer }
  })
}

/** The answer of `oncePerKey`, marked `Idempotent-Replayed: true` when it is the first one again. */
export function answerOnce(c: Context, { replayed, answer }: Once): Response {
  const headers: Record<string, string> = replayed ? { [idempotentReplayedHeader]: 'true' } : {}
  return c.json(answer.body, answer.status, headers)
}
