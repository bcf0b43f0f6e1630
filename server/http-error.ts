import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type InvalidField = { field: string; message: string }

/**
 * An error the API answers with `{ message, invalidFields? }`. `message` and each field message
 * are message ids of `src/contract/messages.ts` (translated when the answer is written), or a
 * fixed text such as `jwt expired`.
 */
export class HttpError extends Error {
  readonly status: ContentfulStatusCode
  readonly invalidFields: InvalidField[] | undefined
  readonly headers: Record<string, string>

  constructor(
    status: ContentfulStatusCode,
    message: string,
    options: { invalidFields?: InvalidField[]; headers?: Record<string, string> } = {},
  ) {
    super(message)
    this.status = status
    this.invalidFields = options.invalidFields
    this.headers = options.headers ?? {}
  }
}
