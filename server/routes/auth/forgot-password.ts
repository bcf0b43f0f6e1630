import type { Context } from 'hono'
import type { forgotPassword } from '#contract/endpoints/auth.ts'
import { type User } from '#contract/auth.ts'
import type { Locale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { mayMailReset } from '../../auth/throttle.ts'
import { issueToken } from '../../auth/tokens.ts'
import { findUserForLogin } from '../../auth/users.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { clientAddress } from '../../http/client-address.ts'
import { ok } from '../../http/respond.ts'
import type { Input } from '../../http/route.ts'
import { emailTag, logEvent } from '../../log.ts'
import { passwordResetMail } from '../../mail/templates.ts'

/**
 * `POST /user/forgot-password/email`: always the same answer. The token and the mail are made
 * after the answer is sent, so its timing does not tell whether the account exists either, nor
 * whether the mail was held back (server/auth/throttle.ts: `mayMailReset`).
 */
export function forgotPasswordHandler(deps: AppDeps) {
  return async (c: Context<AppEnv>, { body: { email } }: Input<typeof forgotPassword>) => {
    const user = await findUserForLogin(deps.db, email)
    const locale = c.var.locale
    if (user) {
      logEvent(c, 'auth.reset.requested', { user: user.id })
      const address = clientAddress(c, deps.config.trustedProxies)
      const now = deps.clock()
      deps.tasks.run('password reset mail', async () => {
        if (await mayMailReset(deps.db, { userId: user.id, address }, now)) {
          await sendResetMail(deps, user, locale)
        } else {
          logEvent(c, 'auth.reset.throttled', { user: user.id, address })
        }
      })
    } else {
      logEvent(c, 'auth.reset.unknownEmail', { account: emailTag(email) })
    }
    return ok(c, null, messages.resetMailSent.id)
  }
}

async function sendResetMail(deps: AppDeps, user: User, locale: Locale) {
  const token = await issueToken(deps.db, user.id, 'reset', deps.clock)
  const link = new URL(`${deps.config.publicUrl}/password-reset`)
  link.searchParams.set('token', token)
  link.searchParams.set('email', user.email)
  await deps.mailer.send({ to: user.email, ...passwordResetMail(locale, user.fullname, link.href) })
}
