import type { MiddlewareHandler } from 'hono'
import { createMiddleware } from 'hono/factory'
import { isBelowMinimum } from '#contract/app-version.ts'
import type { Endpoint } from '#contract/endpoint.ts'
import { login, logout } from '#contract/endpoints/auth.ts'
import { deviceHeartbeat } from '#contract/endpoints/devices.ts'
import { trialSubmit } from '#contract/endpoints/trials.ts'
import { appVersionHeader, minAppVersionHeader } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import type { AppEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'

/**
 * The mutations an app below the minimum version may still make: a trial it queued is never
 * refused for its version (it was finished by the app the expert had then), its device's heartbeat
 * says which version it runs, signing in is how it gets to the update, and signing out ends a
 * session whatever the app. Every other mutation of
 * an older app answers 426. Reads are never refused: a trial in progress keeps its look-ups.
 */
export const versionExemptEntries: readonly Endpoint[] = [
  trialSubmit,
  deviceHeartbeat,
  login,
  logout,
]

const readMethods = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Whether an older `App-Version` makes a call of this entry answer 426. */
export function refusesOlderApps(entry: Endpoint): boolean {
  return !readMethods.has(entry.method) && !versionExemptEntries.includes(entry)
}

/**
 * Every answer names the minimum version (`Min-App-Version`), so the PWA learns it from any call,
 * the app's files included.
 */
export function announceMinAppVersion(minimum: string) {
  return createMiddleware<AppEnv>(async (c, next) => {
    c.header(minAppVersionHeader, minimum)
    await next()
    // An answer made as a whole Response (a file, a stream) did not get the context's headers.
    if (!c.res.headers.has(minAppVersionHeader)) c.res.headers.set(minAppVersionHeader, minimum)
  })
}

/**
 * The route's guard of the minimum version: a call of an entry that `refusesOlderApps` from an app
 * that says it is older answers 426. A request without `App-Version` (the tablets built before it
 * was sent) is served.
 */
export function refuseOlderApps(entry: Endpoint, minimum: string): MiddlewareHandler<AppEnv> {
  if (!refusesOlderApps(entry)) return (_c, next) => next()
  return async (c, next) => {
    const version = c.req.header(appVersionHeader)
    if (version !== undefined && isBelowMinimum(version, minimum)) {
      throw new HttpError(426, messages.appTooOld.id)
    }
    await next()
  }
}
