import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, isNull } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { authTokens, type TokenKind } from '../db/schema/auth.ts'
import type { Clock } from '../deps.ts'

/** How long a link works: a reset link one hour, an invitation a week. */
const lifetimeMs: Record<TokenKind, number> = {
  reset: 60 * 60 * 1000,
  setup: 7 * 24 * 60 * 60 * 1000,
}

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * A new single-use token for a link (password reset, invitation): 32 random bytes, base64url.
 * Only its sha256 is stored; the user's earlier unused tokens of the same kind stop working.
 */
export async function issueToken(
  db: Database,
  userId: number,
  kind: TokenKind,
  clock: Clock,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  const now = clock()
  await db.transaction(async (tx) => {
    await tx
      .delete(authTokens)
      .where(
        and(eq(authTokens.userId, userId), eq(authTokens.kind, kind), isNull(authTokens.usedAt)),
      )
    await tx.insert(authTokens).values({
      userId,
      kind,
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + lifetimeMs[kind]),
      createdAt: now,
    })
  })
  return token
}

/**
 * Voids a user's unused links of both kinds: a link mailed before a new password was set (in a
 * mailbox read by someone else, say) must not set another one.
 */
export async function voidUnusedTokens(db: Database, userId: number) {
  await db.delete(authTokens).where(and(eq(authTokens.userId, userId), isNull(authTokens.usedAt)))
}

/**
 * Marks a token used and answers its user id, or null when it is unknown, of another kind,
 * expired or used already. Race-free: only one caller can mark it.
 */
export async function useToken(
  db: Database,
  token: string,
  kind: TokenKind,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(authTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(authTokens.tokenHash, hashToken(token)),
        eq(authTokens.kind, kind),
        isNull(authTokens.usedAt),
        gt(authTokens.expiresAt, now),
      ),
    )
    .returning({ userId: authTokens.userId })
  return row?.userId ?? null
}
