import { randomUUID } from 'node:crypto'
import { and, desc, eq, gt, isNull, lt, ne } from 'drizzle-orm'
import type { UserSession } from '#contract/users.ts'
import type { Database } from '../db/database.ts'
import { sessions } from '../db/schema/sessions.ts'

/** Why a session ended (`sessions.end_reason`). */
export type EndReason =
  'signOut' | 'revoked' | 'passwordChanged' | 'passwordReset' | 'userDeleted' | 'restored'

/** The longest a user agent is kept (some send kilobytes). */
const userAgentLimit = 300

/** Starts a session at sign-in: its id goes into the token (`sid`). */
export async function startSession(
  db: Database,
  values: {
    userId: number
    remembered: boolean
    lifetime: number
    clientAddress: string
    userAgent: string | undefined
    now: Date
  },
): Promise<string> {
  const id = randomUUID()
  await db.insert(sessions).values({
    id,
    userId: values.userId,
    remembered: values.remembered,
    createdAt: values.now,
    lastUsedAt: values.now,
    expiresAt: new Date(values.now.getTime() + values.lifetime * 1000),
    clientAddress: values.clientAddress,
    userAgent: (values.userAgent ?? '').slice(0, userAgentLimit),
  })
  return id
}

/** A fresh token for the session (`GET /me`) moves its end with it. */
export async function extendSession(db: Database, id: string, expiresAt: Date): Promise<void> {
  await db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id))
}

/**
 * Notes a session's use, at most once a minute: `last_used_at` is for the administrators' list,
 * and a write on every request would cost the hot path what the batched user read saves.
 */
export const lastUseResolutionMs = 60_000

export async function noteSessionUse(db: Database, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ lastUsedAt: now })
    .where(
      and(
        eq(sessions.id, id),
        lt(sessions.lastUsedAt, new Date(now.getTime() - lastUseResolutionMs)),
      ),
    )
}

/** The session's user, whether it ended or not; null when there is none of that id. */
export async function findSession(
  db: Database,
  id: string,
): Promise<{ userId: number; ended: boolean } | null> {
  const [row] = await db
    .select({ userId: sessions.userId, endedAt: sessions.endedAt })
    .from(sessions)
    .where(eq(sessions.id, id))
  return row ? { userId: row.userId, ended: row.endedAt !== null } : null
}

/** Ends one session; true when this call ended it (false: it had ended already). */
export async function endSession(
  db: Database,
  id: string,
  reason: EndReason,
  now: Date,
): Promise<boolean> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(and(eq(sessions.id, id), isNull(sessions.endedAt)))
    .returning({ id: sessions.id })
  return ended.length > 0
}

/**
 * Ends every open session of a user (a deletion, a password change or reset), but `except` (the
 * session that changed its own password stays signed in). Every process's next request with one
 * of them is refused: each request reads its session (server/auth/users.ts).
 */
export async function endUserSessions(
  db: Database,
  userId: number,
  reason: EndReason,
  now: Date,
  except?: string,
): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.endedAt),
        except === undefined ? undefined : ne(sessions.id, except),
      ),
    )
    .returning({ id: sessions.id })
  return ended.length
}

/** A user's sessions not ended nor expired, newest first. */
export async function listUserSessions(
  db: Database,
  userId: number,
  now: Date,
): Promise<UserSession[]> {
  const rows = await db
    .select({
      id: sessions.id,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      expiresAt: sessions.expiresAt,
      clientAddress: sessions.clientAddress,
      userAgent: sessions.userAgent,
      remembered: sessions.remembered,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.endedAt), gt(sessions.expiresAt, now)))
    .orderBy(desc(sessions.createdAt))
  return rows.map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }))
}

/**
 * Ends every session still open (a restore from a backup: docs/backups.md), so that everyone signs
 * in again on the restored data. Answers how many it ended.
 */
export async function endEverySession(db: Database, reason: EndReason, now: Date): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ endedAt: now, endReason: reason })
    .where(isNull(sessions.endedAt))
    .returning({ id: sessions.id })
  return ended.length
}
