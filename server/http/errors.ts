import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { ErrorEnvelope } from '../../src/contract/http.ts'
import { languageHeader } from '../../src/contract/http.ts'
import { parseLocale } from '../../src/contract/locale.ts'
import { messages } from '../../src/contract/messages.ts'
import { HttpError } from '../http-error.ts'
import type { Logger } from '../log.ts'
import { translate } from '../i18n.ts'
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
 * The app's one error handler: an `HttpError` as it is; anything else a 500, logged with the
 * request's id, which the answer's `Request-Id` header gives the user to quote.
 */
export function errorHandler(logger: Logger) {
  return (error: Error, c: Context<AppEnv>): Response => {
    if (error instanceof HttpError) return errorResponse(c, error)
    if (error instanceof HTTPException && error.status < 500) {
      return errorResponse(c, new HttpError(error.status, messages.invalidRequest.id))
    }
    logger.error({ err: error, requestId: c.get('requestId'), method: c.req.method }, 'failed')
    return errorResponse(c, new HttpError(500, messages.unknownError.id))
  }
}
