import { createMiddleware } from 'hono/factory'
import { apiBasePath, appHeader, appId, languageHeader } from '#contract/http.ts'
import * as healthChecks from '#contract/endpoints/health.ts'
import { parseLocale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import type { AppEnv } from '../deps.ts'
import { HttpError } from '../http-error.ts'

/** API answers are never stored by the browser or a proxy. */
export const noStore = createMiddleware(async (c, next) => {
  c.header('Cache-Control', 'no-store')
  await next()
})

/** Asked by load balancers and probes, which send no X-APP (`withoutAppHeader`). */
const probePaths = new Set(
  Object.values(healthChecks)
    .filter((entry) => 'withoutAppHeader' in entry)
    .map((entry) => apiBasePath + entry.path),
)

/** Only the PWA calls the API: `X-APP: brand-expert-pwa` (the health and readiness checks excepted). */
export const requireAppHeader = createMiddleware(async (c, next) => {
  const isHealthCheck = c.req.method === 'GET' && probePaths.has(c.req.path)
  if (!isHealthCheck && c.req.header(appHeader) !== appId) {
    throw new HttpError(400, messages.badApp.id)
  }
  await next()
})

/** The `Language` header picks the language of the answer's messages. */
export const requestLocale = createMiddleware<AppEnv>(async (c, next) => {
  c.set('locale', parseLocale(c.req.header(languageHeader)))
  await next()
})
