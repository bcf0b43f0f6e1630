import type { Context } from 'hono'
import type { login } from '#contract/endpoints/auth.ts'
import { messages } from '#contract/messages.ts'
import { bindDeviceId, issueDeviceCredential } from '../../auth/device-credentials.ts'
import { deviceKey } from '../../auth/device-key.ts'
import { verifyNothing, verifyPassword } from '../../auth/password.ts'
import { startLoginAttempt } from '../../auth/throttle.ts'
import { findUserForLogin, normalizeEmail } from '../../auth/users.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { clientAddress } from '../../http/client-address.ts'
import { ok } from '../../http/respond.ts'
import type { Input } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { emailTag, logEvent } from '../../log.ts'
import { auditFailedSignIn, signedInSession } from './session.ts'

/**
 * `POST /user/login`. Every failure (unknown email, wrong password, no password yet, deleted
 * user) answers the same 401 after the same work, so that accounts cannot be discovered.
 */
export function loginHandler(deps: AppDeps) {
  return async (c: Context<AppEnv>, { body }: Input<typeof login>) => {
    const email = normalizeEmail(body.email)
    const address = clientAddress(c, deps.config.trustedProxies)
    const attempt = await startLoginAttempt(
      deps.db,
      { email, address },
      deps.clock(),
      (retryAfter) => {
        logEvent(c, 'auth.throttled', { account: emailTag(email), address, retryAfter })
        deps.metrics.lockOuts.inc()
      },
    ).catch(async (error: unknown) => {
      // Locked out: recorded, then refused.
      if (error instanceof HttpError && error.status === 429) {
        await auditFailedSignIn(c, deps, email, 'refused')
      }
      throw error
    })

    const found = await findUserForLogin(deps.db, email)
    const valid = found?.passwordHash
      ? await verifyPassword(found.passwordHash, body.password)
      : await verifyNothing(body.password)
    if (!found || !valid) {
      logEvent(c, 'auth.login.failed', { account: emailTag(email), address })
      deps.metrics.signInFailures.inc()
      await auditFailedSignIn(c, deps, email, 'failure')
      throw new HttpError(401, messages.invalidCredentials.id)
    }

    await attempt.succeeded()
    logEvent(c, 'auth.login', { user: found.id, address })
    const { passwordHash, ...user } = found
    const session = await signedInSession(c, deps, user, body.remember_me)
    // The device's credential: its queued trials reach the server whoever signs in next, or nobody.
    // Its key: it opens the user's data kept on the device without the PIN, after a password.
    if (body.device_id === undefined) return ok(c, session)
    // An id bound to another secret is another tablet's: this one gets an id of its own.
    const deviceId = await bindDeviceId(deps.db, body.device_id, body.device_secret)
    if (deviceId !== body.device_id) {
      logEvent(c, 'device.rebound', { user: user.id, named: body.device_id, device: deviceId })
    }
    const device = { deviceId, userId: user.id, now: deps.clock() }
    return ok(c, {
      ...session,
      device_id: deviceId,
      device_credential: await issueDeviceCredential(deps.db, device),
      device_key: deviceKey(deps.config.jwtSecret, user.id, deviceId),
    })
  }
}
