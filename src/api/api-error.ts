import * as v from 'valibot'
import { jwtExpired } from '../contract/http.ts'
import { messages } from '../contract/messages.ts'

/**
 * An API call that failed: `message` is the one text to show
 * (docs/behaviour.md#errors-and-messages), already in the user's language when the server sent it;
 * `status` is 0 when no answer came, -1 when the answer was not what the contract says.
 */
export class ApiError extends Error {
  readonly status: number
  readonly invalidFields: { field: string; message: string }[]
  /** The server's message id (`voucher.used`), when the server answered with one. */
  readonly code: string | undefined
  /** The id the server's logs know the request by, for a user to pass on to support. */
  readonly requestId: string | undefined
  /** The answer's `Retry-After` header, as sent (read by the outbox: `retryAfterMs`). */
  readonly retryAfter: string | undefined

  constructor(
    status: number,
    message: string,
    invalidFields: { field: string; message: string }[] = [],
    answer: { code?: string; requestId?: string; retryAfter?: string } = {},
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.invalidFields = invalidFields
    this.code = answer.code
    this.requestId = answer.requestId
    this.retryAfter = answer.retryAfter
  }

  /**
   * The request's reference for support: the start of its id, enough to find it in the logs
   * (which hold the whole id) and short enough to read out.
   */
  get reference(): string | undefined {
    return this.requestId?.slice(0, 8)
  }

  /**
   * The session is over: its token expired, or the server ended it (signed out elsewhere, revoked
   * by an administrator, the password changed, the user deleted). The app signs the user out.
   */
  get isJwtExpired(): boolean {
    return (
      this.status === 401 && (this.message === jwtExpired || this.code === messages.sessionEnded.id)
    )
  }

  /** The server ended the session (not merely expired): the user's kept data is wiped. */
  get isSessionEnded(): boolean {
    return this.status === 401 && this.code === messages.sessionEnded.id
  }

  get isNetworkError(): boolean {
    return this.status === 0
  }
}

/**
 * An error answer as the app reads it: the server's (`errorEnvelopeSchema` in the contract) always
 * has a code and a request id, but an answer made in between (a load balancer's, a proxy's) may
 * have only a message, which is still shown.
 */
export const answeredErrorSchema = v.object({
  message: v.string(),
  code: v.optional(v.string()),
  requestId: v.optional(v.string()),
  invalidFields: v.optional(
    v.array(v.object({ field: v.string(), message: v.string(), code: v.optional(v.string()) })),
  ),
})

/**
 * The one message of a failed answer: the first invalid field's message, else the answer's
 * message, else the unknown-error text (`translateUnknown` gives it in the current language).
 */
export function extractErrorMessage(body: unknown, unknownError: string): string {
  const parsed = v.safeParse(answeredErrorSchema, body)
  if (!parsed.success) return unknownError
  return parsed.output.invalidFields?.[0]?.message || parsed.output.message || unknownError
}
