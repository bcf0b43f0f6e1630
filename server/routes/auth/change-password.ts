import type { Context } from 'hono'
import type { changePassword } from '#contract/endpoints/auth.ts'
import { messages } from '#contract/messages.ts'
import { hashPassword, verifyPassword } from '../../auth/password.ts'
import { audit } from '../../audit/log.ts'
import { endUserSessions } from '../../auth/sessions.ts'
import { startLoginAttempt } from '../../auth/throttle.ts'
import { findUserForLogin, normalizeEmail, setPasswordHash } from '../../auth/users.ts'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { clientAddress } from '../../http/client-address.ts'
import { ok } from '../../http/respond.ts'
import type { Input } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'

/**
 * `POST /user/change-password`: the signed-in user's own. A wrong current password counts as a
 * failed sign-in (so a stolen token cannot be used to guess it).
 */
export function changePasswordHandler(deps: AppDeps) {
  const { db, clock, metrics, config } = deps
  return async (c: Context<UserEnv>, { body }: Input<typeof changePassword>) => {
    const { id } = c.var.user
    const email = normalizeEmail(c.var.user.email)
    const address = clientAddress(c, config.trustedProxies)
    const attempt = await startLoginAttempt(db, { email, address }, clock(), (retryAfter) => {
      logEvent(c, 'auth.throttled', { user: id, address, retryAfter })
      metrics.lockOuts.inc()
    })
    const found = await findUserForLogin(db, email)
    const valid = found?.passwordHash
      ? await verifyPassword(found.passwordHash, body.currentPassword)
      : false
    if (!valid) {
      logEvent(c, 'auth.password.changeRefused', { user: id, address })
      await db.transaction((tx) =>
        audit(c, deps, tx, {
          action: 'auth.passwordChange',
          target: `user:${id}`,
          outcome: 'failure',
        }),
      )
      const message = messages.wrongCurrentPassword.id
      throw new HttpError(400, message, { invalidFields: [{ field: 'currentPassword', message }] })
    }
    await attempt.succeeded()
    const passwordHash = await hashPassword(body.password)
    // The user's other sessions end with the old password; this one stays signed in.
    await db.transaction(async (tx) => {
      await setPasswordHash(tx, id, passwordHash)
      await endUserSessions(tx, id, 'passwordChanged', clock(), c.var.sessionId)
      await audit(c, deps, tx, { action: 'auth.passwordChange', target: `user:${id}` })
    })
    logEvent(c, 'auth.password.changed', { user: id })
    return ok(c, null, messages.passwordChanged.id)
  }
}
