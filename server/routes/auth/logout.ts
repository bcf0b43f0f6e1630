import type { Context } from 'hono'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { audit } from '../../audit/log.ts'
import { endSession } from '../../auth/sessions.ts'
import { ok } from '../../http/respond.ts'
import { logEvent } from '../../log.ts'

/**
 * `POST /user/logout`: ends the request's session, so that its token (which may be kept in a
 * browser's storage) stops working on every process. Recorded when it ended it.
 */
export function logoutHandler(deps: AppDeps) {
  return async (c: Context<UserEnv>) => {
    await deps.db.transaction(async (tx) => {
      const ended = await endSession(tx, c.var.sessionId, 'signOut', deps.clock())
      if (ended) {
        await audit(c, deps, tx, { action: 'auth.signOut', target: `session:${c.var.sessionId}` })
      }
    })
    logEvent(c, 'auth.logout', { user: c.var.user.id })
    return ok(c, null)
  }
}
