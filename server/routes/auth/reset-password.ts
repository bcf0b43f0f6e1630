import type { Context } from 'hono'
import type { resetPassword } from '#contract/endpoints/auth.ts'
import { messages } from '#contract/messages.ts'
import { hashPassword } from '../../auth/password.ts'
import { auditOwnAccount } from '../../audit/log.ts'
import { endUserSessions } from '../../auth/sessions.ts'
import { clearAccountFailures } from '../../auth/throttle.ts'
import { useToken } from '../../auth/tokens.ts'
import { findUser, normalizeEmail, setPasswordHash } from '../../auth/users.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { Input } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'

/**
 * `POST /user/reset`: a new password from a reset link. The token must be a live reset token
 * of the user with that email; it is used up. Anything else: 400 auth.tokenInvalid.
 */
export function resetPasswordHandler(deps: AppDeps) {
  const { db, clock } = deps
  return async (c: Context<AppEnv>, { body }: Input<typeof resetPassword>) => {
    const email = normalizeEmail(body.email)
    const passwordHash = await hashPassword(body.password)
    const userId = await db.transaction(async (tx) => {
      const tokenUserId = await useToken(tx, body.token, 'reset', clock())
      const user = tokenUserId === null ? null : await findUser(tx, tokenUserId)
      if (!user || normalizeEmail(user.email) !== email) {
        throw new HttpError(400, messages.tokenInvalid.id)
      }
      await setPasswordHash(tx, user.id, passwordHash)
      await clearAccountFailures(tx, email)
      // Whoever knew the old password is signed out everywhere.
      const now = clock()
      await endUserSessions(tx, user.id, 'passwordReset', now)
      await auditOwnAccount(c, deps, tx, { user, action: 'auth.passwordReset', at: now })
      return user.id
    })
    logEvent(c, 'auth.password.reset', { user: userId })
    return ok(c, null, messages.passwordSet.id)
  }
}
