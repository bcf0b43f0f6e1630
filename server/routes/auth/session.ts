import type { Context } from 'hono'
import type { Session, User } from '#contract/auth.ts'
import type { AppDeps, AppEnv, UserEnv } from '../../deps.ts'
import type { AuditOutcome } from '#contract/audit.ts'
import { auditAlone, auditOwnAccount } from '../../audit/log.ts'
import { rememberedLifetime, sessionLifetime, signToken } from '../../auth/jwt.ts'
import { extendSession, startSession } from '../../auth/sessions.ts'
import { clientAddress } from '../../http/client-address.ts'

type SessionDeps = Pick<AppDeps, 'db' | 'config' | 'clock' | 'logger'>

/**
 * A successful sign-in: a new session (remembered: 30 days, else 12 hours) and its audit row in
 * one transaction, then its token. What login answers: the token plus the user's fields.
 */
export async function signedInSession(
  c: Context<AppEnv>,
  deps: SessionDeps,
  user: User,
  remembered: boolean,
): Promise<Session> {
  const { db, config, clock } = deps
  const now = clock()
  const lifetime = remembered ? rememberedLifetime : sessionLifetime
  const address = clientAddress(c, config.trustedProxies)
  const sessionId = await db.transaction(async (tx) => {
    const id = await startSession(tx, {
      userId: user.id,
      remembered,
      lifetime,
      clientAddress: address,
      userAgent: c.req.header('User-Agent'),
      now,
    })
    await auditOwnAccount(c, deps, tx, { user, action: 'auth.signIn', at: now })
    return id
  })
  const token = await signToken(user.id, sessionId, lifetime, config.jwtSecret, now)
  return { token, ...user }
}

/**
 * A sign-in that failed (`failure`: wrong email or password) or was refused (`refused`: locked
 * out), recorded with the email it was tried with; never the password.
 */
export function auditFailedSignIn(
  c: Context<AppEnv>,
  deps: SessionDeps,
  email: string,
  outcome: Exclude<AuditOutcome, 'success'>,
): Promise<void> {
  return auditAlone(deps.db, deps, {
    actor: { id: null, email, role: null },
    action: 'auth.signIn',
    target: `account:${email}`,
    outcome,
    clientAddress: clientAddress(c, deps.config.trustedProxies),
  })
}

/** `GET /me`'s: a fresh token of the same session and lifetime; the session ends with it. */
export async function refreshedSession(
  c: Context<UserEnv>,
  { db, config, clock }: SessionDeps,
): Promise<Session> {
  const now = clock()
  const lifetime = c.var.tokenLifetime
  await extendSession(db, c.var.sessionId, new Date(now.getTime() + lifetime * 1000))
  const token = await signToken(c.var.user.id, c.var.sessionId, lifetime, config.jwtSecret, now)
  return { token, ...c.var.user }
}
