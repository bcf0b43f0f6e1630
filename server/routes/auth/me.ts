import type { Context } from 'hono'
import type { AppDeps, UserEnv } from '../../deps.ts'
import { ok } from '../../http/respond.ts'
import { refreshedSession } from './session.ts'

/** `GET /me`: the signed-in user with a fresh token of the same lifetime. */
export function meHandler(deps: AppDeps) {
  return async (c: Context<UserEnv>) => ok(c, await refreshedSession(c, deps))
}
