import { createMiddleware } from 'hono/factory'
import { invalidToken } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { allows, needsStore, type Access } from '../../src/contract/roles.ts'
import type { AppDeps, UserEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'
import { logEvent } from '../log.ts'
import { readToken } from './jwt.ts'
import { findUser } from './users.ts'

const bearer = /^Bearer\s+(\S+)$/i

/**
 * A valid bearer token of a user who still exists. The user is read on every request, so that a
 * deleted user is refused at once and a new role applies at once.
 */
export function authenticate({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const token = bearer.exec(c.req.header('Authorization') ?? '')?.[1]
    try {
      if (!token) throw new HttpError(401, invalidToken)
      const { userId, lifetime } = await readToken(token, config.jwtSecret, clock())
      const user = await findUser(db, userId)
      if (!user) throw new HttpError(401, invalidToken)
      c.set('user', user)
      c.set('tokenLifetime', lifetime)
    } catch (error) {
      if (error instanceof HttpError) {
        logEvent('auth.refused', { method: c.req.method, path: c.req.path, reason: error.message })
      }
      throw error
    }
    await next()
  })
}

/** Only roles of an `access` area (src/contract/roles.ts); others get 403 with `message`. */
export function allow(area: Access, message: string = messages.forbidden.id) {
  return createMiddleware<UserEnv>(async (c, next) => {
    const { id, role } = c.var.user
    if (!allows(area, role)) {
      logEvent('access.refused', { user: id, role, method: c.req.method, path: c.req.path })
      throw new HttpError(403, message)
    }
    await next()
  })
}

/**
 * Spec section 6: a manager works on behalf of a store, so one who is not checked in to any gets
 * 403 `store.notAssigned` (the PWA sends them to the store picker). Other roles pass.
 */
export const requireStore = createMiddleware<UserEnv>(async (c, next) => {
  const { id, role, expertStore } = c.var.user
  if (needsStore(role, expertStore?.id)) {
    logEvent('access.refused', { user: id, role, method: c.req.method, path: c.req.path })
    throw new HttpError(403, messages.notAssignedToStore.id)
  }
  await next()
})
