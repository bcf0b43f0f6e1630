import type { Context } from 'hono'
import type { setupPassword } from '#contract/endpoints/auth.ts'
import { messages } from '#contract/messages.ts'
import { hashPassword } from '../../auth/password.ts'
import { auditOwnAccount } from '../../audit/log.ts'
import { useToken } from '../../auth/tokens.ts'
import { findUser, setPasswordHash } from '../../auth/users.ts'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import type { Input } from '../../http/route.ts'
import { HttpError } from '../../http-error.ts'
import { logEvent } from '../../log.ts'

/** `POST /user/password`: the first password, from an invitation link (a setup token). */
export function setupPasswordHandler(deps: AppDeps) {
  const { db, clock } = deps
  return async (c: Context<AppEnv>, { body }: Input<typeof setupPassword>) => {
    const passwordHash = await hashPassword(body.password)
    const userId = await db.transaction(async (tx) => {
      const tokenUserId = await useToken(tx, body.token, 'setup', clock())
      const user = tokenUserId === null ? null : await findUser(tx, tokenUserId)
      if (!user) throw new HttpError(400, messages.tokenInvalid.id)
      await setPasswordHash(tx, user.id, passwordHash)
      await auditOwnAccount(c, deps, tx, { user, action: 'auth.passwordSetup', at: clock() })
      return user.id
    })
    logEvent(c, 'auth.password.setup', { user: userId })
    return ok(c, null, messages.passwordSet.id)
  }
}
