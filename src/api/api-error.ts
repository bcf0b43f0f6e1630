import * as v from 'valibot'
import { errorEnvelopeSchema, jwtExpired } from '../contract/http.ts'

/**
 * An API call that failed: `message` is the one text to show
 * (docs/behaviour.md#errors-and-messages), already in the user's language when the server sent it;
 * `status` is 0 when no answer came, -1 when the answer was not what the contract says.
 */
export class ApiError extends Error {
  readonly status: number
  readonly invalidFields: { field: string; message: string }[]

  constructor(
    status: number,
    message: string,
    invalidFields: { field: string; message: string }[] = [],
  ) {
    super(message)
    this.name = 'ApiError'
    this.status = status
    this.invalidFields = invalidFields
  }

  get isJwtExpired(): boolean {
    return this.status === 401 && this.message === jwtExpired
  }

  get isNetworkError(): boolean {
    return this.status === 0
  }
}

/**
 * The one message of a failed answer: the first invalid field's message, else the answer's
 * message, else the unknown-error text (`translateUnknown` gives it in the current language).
 */
export function extractErrorMessage(body: unknown, unknownError: string): string {
  const parsed = v.safeParse(errorEnvelopeSchema, body)
  if (!parsed.success) return unknownError
  return parsed.output.invalidFields?.[0]?.message || parsed.output.message || unknownError
}
