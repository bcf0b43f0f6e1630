import type { Context } from 'hono'
import type { changePassword } from '../../../src/contract/endpoints/auth.ts'
import { messages } from '../../../src/contract/messages.ts'
import { hashPassword, verifyPassword } from '../../auth/password.ts'
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
export function changePasswordHandler({ db, clock, metrics, config }: AppDeps) {
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
      const message = messages.wrongCurrentPassword.id
      throw new HttpError(400, message, { invalidFields: [{ field: 'currentPassword', message }] })
    }
    await attempt.succeeded()
    await setPasswordHash(db, id, await hashPassword(body.password))
    logEvent(c, 'auth.password.changed', { user: id })
    return ok(c, null, messages.passwordChanged.id)
  }
}
