import { Hono, type MiddlewareHandler } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { apiBasePath } from '#contract/http.ts'
import { messages } from '#contract/messages.ts'
import type { AppDeps, AppEnv } from './deps.ts'
import { noStore, requestLocale, requireAppHeader } from './http/api-headers.ts'
import { assignRequestId } from './http/request-id.ts'
import { announceMinAppVersion } from './http/min-app-version.ts'
import { errorResponse, errorHandler } from './http/errors.ts'
import { logRequests } from './http/request-log.ts'
import { securityHeaders } from './http/security-headers.ts'
import { serveStaticFiles } from './http/static-files.ts'
import { HttpError } from './http-error.ts'
import { authRoutes } from './routes/auth/routes.ts'
import { backupRoutes } from './routes/backups/routes.ts'
import { catalogueRoutes } from './routes/catalogue/routes.ts'
import { servePackPictures } from './routes/catalogue/media.ts'
import { checkInRoutes } from './routes/check-in/routes.ts'
import { customerRoutes } from './routes/customers/routes.ts'
import { deviceRoutes } from './routes/devices/routes.ts'
import { healthRoutes } from './routes/health/routes.ts'
import { storeAdminRoutes } from './routes/stores/store-admin-routes.ts'
import { storeRoutes } from './routes/stores/routes.ts'
import { auditRoutes } from './routes/audit/routes.ts'
import { reportRoutes } from './routes/reports/routes.ts'
import { userRoutes } from './routes/users/routes.ts'
import { contentRoutes } from './routes/content/routes.ts'
import { quarantineRoutes } from './routes/quarantine/routes.ts'
import { trialRoutes } from './routes/trials/routes.ts'
import { voucherRoutes } from './routes/vouchers/routes.ts'
import { installDefaultMessages } from '#contract/default-messages.ts'
import { createReadiness, type Readiness } from './readiness.ts'
import { apiRoutes } from './http/route.ts'
import { openApiRoutes } from './openapi/routes.ts'
import * as healthChecks from '#contract/endpoints/health.ts'
import { endpointTable } from '#contract/endpoints/all.ts'

const healthPaths = new Set(Object.values(healthChecks).map((entry) => apiBasePath + entry.path))
const isHealthCheck = (path: string) => healthPaths.has(path)

const maxBodyBytes = 1024 * 1024
// The rest of the body is not read: the connection cannot serve another request.
const tooLarge = () => {
  throw new HttpError(413, messages.requestTooLarge.id, { headers: { Connection: 'close' } })
}

const limitBody = bodyLimit({ maxSize: maxBodyBytes, onError: tooLarge })

/** An upload's body (a pack picture): its file's limit and 64 KiB for the form around it. */
const uploadLimits = new Map(
  endpointTable.flatMap(({ entry }) =>
    entry.upload
      ? [
          [
            apiBasePath + entry.path,
            bodyLimit({ maxSize: entry.upload.maxBytes + 64 * 1024, onError: tooLarge }),
          ] as const,
        ]
      : [],
  ),
)

/**
 * The body limit, for requests that say they have a body: looking for one (`c.req.raw.body`)
 * makes the Node adapter build a whole Fetch `Request`, which costs every GET more than its query.
 */
const limitSentBody: MiddlewareHandler = (c, next) => {
  const length = c.req.header('Content-Length')
  const hasBody = (length !== undefined && length !== '0') || c.req.header('Transfer-Encoding')
  if (!hasBody) return next()
  return (uploadLimits.get(c.req.path) ?? limitBody)(c, next)
}

/**
 * The API under `/api/v1` and the built PWA, from injected dependencies. `readiness` is the
 * process's (server/serve.ts); an app built with its database ready (tests) is ready at once.
 */
export function createApp(deps: AppDeps, readiness: Readiness = createReadiness('ready')) {
  installDefaultMessages()
  const app = new Hono<AppEnv>()
  app.onError(errorHandler(deps.logger, () => readiness.diskFull(deps.clock())))
  app.use(
    assignRequestId,
    announceMinAppVersion(deps.config.minAppVersion),
    securityHeaders(deps.config),
  )
  app.use('/api/*', logRequests(deps.logger, deps.metrics), noStore, requestLocale, limitSentBody)
  openApiRoutes(app)
  app.use(`${apiBasePath}/*`, requireAppHeader)

  // While the database is being migrated, nothing but the health checks can be answered.
  app.use(`${apiBasePath}/*`, async (c, next) => {
    if (readiness.state === 'starting' && !isHealthCheck(c.req.path)) {
      throw new HttpError(503, messages.notReady.id)
    }
    await next()
  })
  // A change answered without an error was stored: there is room again after a full disk.
  app.use(`${apiBasePath}/*`, async (c, next) => {
    await next()
    if (c.req.method !== 'GET' && c.res.status < 400) readiness.wrote()
  })
  const routes = apiRoutes(deps)
  healthRoutes(routes, deps, readiness)
  authRoutes(routes, deps)
  checkInRoutes(routes, deps)
  userRoutes(routes, deps)
  storeAdminRoutes(routes, deps)
  storeRoutes(routes, deps)
  reportRoutes(routes, deps)
  auditRoutes(routes, deps)
  catalogueRoutes(routes, deps)
  contentRoutes(routes, deps)
  // Before the trials: `/questionnaire/quarantine` is not a trial's id.
  quarantineRoutes(routes, deps)
  trialRoutes(routes, deps)
  voucherRoutes(routes, deps)
  customerRoutes(routes, deps)
  deviceRoutes(routes, deps)
  backupRoutes(routes, deps)
  app.route(apiBasePath, routes.app)
  app.all('/api/*', (c) => errorResponse(c, new HttpError(404, messages.notFound.id)))

  servePackPictures(app, deps)
  serveStaticFiles(app, deps.config)
  return app
}
