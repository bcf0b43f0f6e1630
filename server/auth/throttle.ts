import { and, count, eq, gt, inArray, lte, min, or, sql } from 'drizzle-orm'
import { messages } from '#contract/messages.ts'
import type { Config } from '../config.ts'
import type { Database } from '../db/database.ts'
import { loginAttempts } from '../db/schema/auth.ts'
import { HttpError } from '../http-error.ts'
import { storeMessages } from '#contract/store-messages.ts'

const windowMs = 15 * 60 * 1000
/** Failures allowed in the window; the next attempt is refused. */
const accountLimit = 5
const addressLimit = 30

const accountKeyOf = (email: string) => `account:${email}`

/**
 * Counts a sign-in attempt against the account and the address, in the database so that every
 * process sees it. The attempt is recorded first, so that concurrent attempts count each other.
 * Too many failures in 15 minutes: 429 with Retry-After. A failed attempt stays counted; call
 * `succeeded()` on success, which clears the account's failures. `lockedOut` hears of each refusal
 * (the caller logs it with its request and counts it).
 */
export async function startLoginAttempt(
  db: Database,
  { email, address }: { email: string; address: string },
  now: Date,
  lockedOut: (retryAfter: number) => void,
): Promise<{ succeeded: () => Promise<void> }> {
  const accountKey = accountKeyOf(email)
  const addressKey = `ip:${address}`
  const keys = [accountKey, addressKey]
  const windowStart = new Date(now.getTime() - windowMs)

  await db
    .delete(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), lte(loginAttempts.attemptedAt, windowStart)))
  const recorded = await db
    .insert(loginAttempts)
    .values(keys.map((key) => ({ key, attemptedAt: now })))
    .returning({ id: loginAttempts.id })
  const ownIds = recorded.map((row) => row.id)

  const counts = await db
    .select({ key: loginAttempts.key, count: count(), oldest: min(loginAttempts.attemptedAt) })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, keys), gt(loginAttempts.attemptedAt, windowStart)))
    .groupBy(loginAttempts.key)

  const limits: Record<string, number> = { [accountKey]: accountLimit, [addressKey]: addressLimit }
  // The attempt just recorded is one of the counted rows: the failures before it are count - 1.
  const exceeded = counts.filter((row) => row.count - 1 >= (limits[row.key] ?? 0))
  if (exceeded.length > 0) {
    await db.delete(loginAttempts).where(inArray(loginAttempts.id, ownIds))
    const freeAt = Math.max(...exceeded.map((row) => (row.oldest ?? now).getTime() + windowMs))
    const retryAfter = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000))
    lockedOut(retryAfter)
    throw new HttpError(429, messages.tooManyAttempts.id, {
      headers: { 'Retry-After': String(retryAfter) },
    })
  }

  return {
    async succeeded() {
      await db
        .delete(loginAttempts)
        .where(or(inArray(loginAttempts.id, ownIds), eq(loginAttempts.key, accountKey)))
    },
  }
}

/** Forgets an account's failed sign-ins (after a password reset). */
export async function clearAccountFailures(db: Database, email: string) {
  await db.delete(loginAttempts).where(eq(loginAttempts.key, accountKeyOf(email)))
}

const minuteMs = 60 * 1000
const hourMs = 60 * minuteMs

/** At most `max` uses under `key` in any `windowMs`. */
type Limit = { key: string; max: number; windowMs: number }

/** The advisory lock class of the limits' keys (the key's hash is the other half of the lock). */
const limitLockClass = 20240503

/**
 * Takes one use under each limit's key, in `login_attempts` so that every process counts it,
 * unless a limit is reached: then nothing is written (a refused try does not push the wait
 * further), and the answer says how many seconds until a use frees up. The uses of a key are taken
 * one at a time (an advisory lock), so that two requests at once cannot both take the last one.
 */
async function takeUse(
  db: Database,
  limits: Limit[],
  now: Date,
): Promise<{ allowed: true } | { allowed: false; retryAfter: number }> {
  const keys = [...new Set(limits.map((limit) => limit.key))].sort()
  return db.transaction(async (tx) => {
    // In one order, so that two requests that share two keys do not wait for each other.
    for (const key of keys) {
      await tx.execute(sql`select pg_advisory_xact_lock(${limitLockClass}, hashtext(${key}))`)
    }
    let freeAt = 0
    for (const { key, max, windowMs } of limits) {
      const [used] = await tx
        .select({ count: count(), oldest: min(loginAttempts.attemptedAt) })
        .from(loginAttempts)
        .where(
          and(
            eq(loginAttempts.key, key),
            gt(loginAttempts.attemptedAt, new Date(now.getTime() - windowMs)),
          ),
        )
      if (used && used.count >= max) {
        freeAt = Math.max(freeAt, (used.oldest ?? now).getTime() + windowMs)
      }
    }
    if (freeAt > 0) {
      return { allowed: false, retryAfter: Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)) }
    }
    const longest = Math.max(...limits.map((limit) => limit.windowMs))
    await tx
      .delete(loginAttempts)
      .where(
        and(
          inArray(loginAttempts.key, keys),
          lte(loginAttempts.attemptedAt, new Date(now.getTime() - longest)),
        ),
      )
    await tx.insert(loginAttempts).values(keys.map((key) => ({ key, attemptedAt: now })))
    return { allowed: true }
  })
}

/**
 * Whether a password reset mail may go to this user now: one every 2 minutes and 5 an hour per
 * account, 20 an hour from one address; counted when it is sent. The request is answered the same
 * either way, so a refusal only keeps a mailbox from being flooded.
 */
export async function mayMailReset(
  db: Database,
  { userId, address }: { userId: number; address: string },
  now: Date,
): Promise<boolean> {
  const account = `reset:user:${userId}`
  const { allowed } = await takeUse(
    db,
    [
      { key: account, max: 1, windowMs: 2 * minuteMs },
      { key: account, max: 5, windowMs: hourMs },
      { key: `reset:ip:${address}`, max: 20, windowMs: hourMs },
    ],
    now,
  )
  return allowed
}

/**
 * Counts a customer search of a user against `CUSTOMER_SEARCH_PER_MINUTE` and
 * `CUSTOMER_SEARCH_PER_HOUR`, shared by every process: over either, 429 with Retry-After, so that
 * nobody pages through the customers' contacts in bulk. `throttled` hears of each refusal. A
 * limit that is `none` counts nothing.
 */
export async function countCustomerSearch(
  db: Database,
  { userId, limits }: { userId: number; limits: Config['customerSearchLimits'] },
  now: Date,
  throttled: (retryAfter: number) => void,
): Promise<void> {
  const key = `customer-search:user:${userId}`
  const windows = [
    { max: limits.perMinute, windowMs: minuteMs },
    { max: limits.perHour, windowMs: hourMs },
  ]
  const counted = windows.flatMap(({ max, windowMs }) =>
    max === null ? [] : [{ key, max, windowMs }],
  )
  if (counted.length === 0) return
  const taken = await takeUse(db, counted, now)
  if (taken.allowed) return
  throttled(taken.retryAfter)
  throw new HttpError(429, storeMessages.tooManyCustomerSearches.id, {
    headers: { 'Retry-After': String(taken.retryAfter) },
  })
}
