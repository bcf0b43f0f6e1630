import { and, count, eq, gt, inArray, lte, min, or } from 'drizzle-orm'
import { messages } from '../../src/contract/messages.ts'
import type { Database } from '../db/database.ts'
import { loginAttempts } from '../db/schema/auth.ts'
import { HttpError } from '../http-error.ts'

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
