import type { Locale } from '#contract/locale.ts'
import type { User } from '#contract/auth.ts'
import type { Endpoint } from '#contract/endpoint.ts'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import type { Logger } from './log.ts'
import type { Mailer } from './mail/mailer.ts'
import type { Metrics } from './metrics.ts'
import type { Tasks } from './tasks.ts'

export type Clock = () => Date

/** Everything the app is built from; tests build their own. */
export type AppDeps = {
  db: Database
  mailer: Mailer
  clock: Clock
  config: Config
  tasks: Tasks
  logger: Logger
  metrics: Metrics
}

/**
 * Set for every `/api` request: the `Language` header's locale, the request's id
 * (server/http/request-id.ts) and the app's logger (server/http/request-log.ts).
 */
export type AppEnv = { Variables: { locale: Locale; requestId: string; logger: Logger } }

/**
 * Set by the policy guard (server/auth/middleware.ts): the signed-in user (or the user of a device
 * credential), loaded from the database on every request, and the endpoint whose policy applies.
 */
export type UserEnv = {
  Variables: {
    locale: Locale
    requestId: string
    logger: Logger
    user: User
    /** The session the request's token names (server/auth/sessions.ts). */
    sessionId: string
    tokenLifetime: number
    endpoint: Endpoint
    /** The device of a call made with a device credential; null for a signed-in user's token. */
    device: string | null
  }
}
