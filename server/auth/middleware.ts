import type { Context, MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { invalidToken } from '#contract/http.ts'
import type { Endpoint } from '#contract/endpoint.ts'
import { messages } from '#contract/messages.ts'
import {
  device,
  mayCall,
  objectRefusals,
  ruleBinds,
  type everyone,
  type ObjectRule,
} from '#contract/policy.ts'
import { needsStore, type Role } from '#contract/roles.ts'
import type { Device } from '#contract/policy.ts'
import type { AppDeps, UserEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'
import { logEvent } from '../log.ts'
import { readDeviceCredential } from './device-credentials.ts'
import { readToken } from './jwt.ts'
import { lastUseResolutionMs, noteSessionUse } from './sessions.ts'
import { readSignedInUser } from './users.ts'

/** An endpoint anyone may call, signed in or not. */
export type PublicEndpoint = Endpoint & { policy: { allow: typeof everyone } }
/** An endpoint only signed-in users of some roles (or devices with their credential) may call. */
export type SignedInEndpoint = Endpoint & { policy: { allow: readonly (Role | Device)[] } }

type AuthDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'tasks'>

const bearer = /^Bearer\s+(\S+)$/i
/** `Authorization: Device <credential>`: a device credential (docs/behaviour.md#devices). */
const deviceScheme = /^Device\s+(\S+)$/i

/**
 * The user of a valid bearer token whose session is open, else 401. The session and its user are
 * read on every request (one statement per turn for all requests), so that a session ended
 * (signed out, revoked, a password changed, the user deleted) is refused at once on every process
 * with `auth.sessionEnded`, and a new role applies at once. Its last use is noted at most once a
 * minute, after an answer that was not a refusal.
 */
async function signedInUser(c: Context<UserEnv>, { db, clock, config, tasks }: AuthDeps) {
  const token = bearer.exec(c.req.header('Authorization') ?? '')?.[1]
  try {
    if (!token) throw new HttpError(401, invalidToken)
    const now = clock()
    const { userId, sessionId, lifetime } = await readToken(token, config.jwtSecret, now)
    const signedIn = await readSignedInUser(db, sessionId)
    if (!signedIn || signedIn.user.id !== userId) {
      throw new HttpError(401, messages.sessionEnded.id)
    }
    const stale = now.getTime() - signedIn.lastUsedAt.getTime() > lastUseResolutionMs
    // Noted once answered, and only for an answer that was not refused: a refusal changes nothing.
    const noteUseIfServed = (status: number) => {
      if (stale && status < 400) noteUse(tasks, db, sessionId, now)
    }
    return { user: signedIn.user, sessionId, lifetime, noteUseIfServed }
  } catch (error) {
    if (error instanceof HttpError) {
      logEvent(c, 'auth.refused', { method: c.req.method, path: c.req.path, reason: error.message })
    }
    throw error
  }
}

/** Sessions whose use this process is noting now: one update each, not one per request. */
const noting = new Set<string>()

function noteUse(tasks: AuthDeps['tasks'], db: AuthDeps['db'], sessionId: string, now: Date) {
  if (noting.has(sessionId)) return
  noting.add(sessionId)
  tasks.run('session last use', () =>
    noteSessionUse(db, sessionId, now).finally(() => noting.delete(sessionId)),
  )
}

/** A refusal of a signed-in user, logged. */
function refused(c: Context<UserEnv>, status: 400 | 403, message: string): HttpError {
  const { id, role } = c.var.user
  logEvent(c, 'access.refused', { user: id, role, method: c.req.method, path: c.req.path, message })
  return new HttpError(status, message)
}

/**
 * The guard of a signed-in endpoint, from its policy (src/contract/policy.ts,
 * docs/behaviour.md#roles-and-access): a valid token (else 401 `invalid token`), a role it allows
 * (else 403 with the policy's `refusal`, `api.forbidden` by default) and, where the policy says
 * `store`, a manager checked in to a store (else 403 `store.notAssigned`). The policy's object
 * rules are for the handler to apply to the object it reads: `objectRule`, `checkObject`.
 */
export function signedInGuard(
  deps: AuthDeps,
  endpoint: SignedInEndpoint,
): MiddlewareHandler<UserEnv> {
  const { store, refusal = messages.forbidden.id } = endpoint.policy
  return createMiddleware<UserEnv>(async (c, next) => {
    const credential = deviceScheme.exec(c.req.header('Authorization') ?? '')?.[1]
    c.set('endpoint', endpoint)
    if (credential !== undefined) {
      await deviceGuard(c, deps, credential, refusal)
      return next()
    }
    const { user, sessionId, lifetime, noteUseIfServed } = await signedInUser(c, deps)
    c.set('user', user)
    c.set('sessionId', sessionId)
    c.set('tokenLifetime', lifetime)
    c.set('device', null)
    if (!mayCall(endpoint.policy, user.role)) throw refused(c, 403, refusal)
    if (store && needsStore(user.role, user.expertStore?.id)) {
      throw refused(c, 403, messages.notAssignedToStore.id)
    }
    await next()
    noteUseIfServed(c.res.status)
  })
}

/**
 * A call with a device credential: refused (403, as a role the policy does not allow) where the
 * policy does not allow devices, before the credential is even read; 401 `invalid token` when it
 * is unknown, expired or revoked. Otherwise the call is its user's, on its device.
 */
async function deviceGuard(
  c: Context<UserEnv>,
  { db, clock }: AuthDeps,
  credential: string,
  refusal: string,
): Promise<void> {
  const { method, path } = c.req
  if (!mayCall(c.var.endpoint.policy, device)) {
    logEvent(c, 'access.refused', { principal: device, method, path, message: refusal })
    throw new HttpError(403, refusal)
  }
  const caller = await readDeviceCredential(db, credential, clock())
  if (!caller) {
    logEvent(c, 'auth.refused', { principal: device, method, path, reason: invalidToken })
    throw new HttpError(401, invalidToken)
  }
  c.set('user', caller.user)
  c.set('tokenLifetime', 0)
  c.set('device', caller.deviceId)
}

/** Whether an object rule of the endpoint's policy entry applies to the signed-in user. */
export function objectRule(c: Context<UserEnv>, rule: ObjectRule): boolean {
  return ruleBinds(c.var.endpoint.policy, rule, c.var.user.role)
}

type RefusingRule = keyof typeof objectRefusals

/** The policy's answer to a call that breaks a rule (which the caller checked binds), logged. */
export function objectRefusal(c: Context<UserEnv>, rule: RefusingRule): HttpError {
  const { status, message } = objectRefusals[rule]
  return refused(c, status, message)
}

/** Refuses, as the policy says, a call whose object breaks `rule` when the rule binds the user. */
export function checkObject(c: Context<UserEnv>, rule: RefusingRule, broken: boolean): void {
  if (broken && objectRule(c, rule)) throw objectRefusal(c, rule)
}
