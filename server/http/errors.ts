import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorEnvelope } from '#contract/http.ts'
import { languageHeader } from '#contract/http.ts'
import { parseLocale } from '#contract/locale.ts'
import { messages } from '#contract/messages.ts'
import { HttpError } from '../http-error.ts'
import type { Logger } from '../log.ts'
import { translate } from '../i18n.ts'
import { diskFullRetrySeconds } from '../readiness.ts'
import type { AppEnv } from '../deps.ts'

/**
 * `{ message, code, requestId, invalidFields? }`: each message translated into the request's
 * language, and its id as the `code` a client keeps and decides by (a text changes with the
 * language and the wording; the code does not).
 */
export function errorResponse(c: Context<AppEnv>, error: HttpError): Response {
  const locale = parseLocale(c.req.header(languageHeader))
  const body: ErrorEnvelope = {
    message: translate(locale, error.message),
    code: error.message,
    requestId: c.get('requestId'),
  }
  if (error.invalidFields) {
    body.invalidFields = error.invalidFields.map(({ field, message }) => ({
      field,
      message: translate(locale, message),
      code: message,
    }))
  }
  return c.json(body, error.status, error.headers)
}

/**
 * No room to store: PostgreSQL's (and PGlite's) `disk_full` and `insufficient_resources`, and a
 * file that could not be written (a full disk, a quota).
 */
const noRoomCodes = new Set(['53100', '53000', 'ENOSPC', 'EDQUOT'])

/** Whether an error, or one of its causes (drizzle wraps the driver's), says there is no room. */
export function isDiskFull(error: unknown): boolean {
  for (let item: unknown = error; item instanceof Error; item = item.cause) {
    if ('code' in item && typeof item.code === 'string' && noRoomCodes.has(item.code)) return true
  }
  return false
}

/**
 * The app's one error handler: an `HttpError` as it is; no room to store a 503 with
 * `Retry-After` (nothing was stored: the client keeps what it sent and sends it again), logged
 * and told to `onDiskFull`; anything else a 500, logged with the request's id, which the
 * answer's `Request-Id` header gives the user to quote.
 */
export function errorHandler(logger: Logger, onDiskFull: () => void) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof HttpError) return errorResponse(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new HttpError(error.status, messages.invalidRequest.id))
    }
    if (isDiskFull(error)) {
      logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method }, 'disk full')
      onDiskFull()
      const headers = { 'Retry-After': String(diskFullRetrySeconds) }
      return errorResponse(c, new HttpError(503, messages.diskFull.id, { headers }))
    }
    logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method }, 'failed')
    return errorResponse(c, new HttpError(500, messages.unknownError.id))
  }
}
