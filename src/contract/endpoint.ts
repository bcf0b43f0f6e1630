import type * as v from 'valibot'
import type { Message } from './messages.ts'
import type { Policy } from './policy.ts'

export type Method = 'GET' | 'POST'

/** An answer that is a file (a report): its possible content types. */
export type FileAnswer = { file: readonly string[] }

/** The error statuses an endpoint may answer beyond those every endpoint of its kind may. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 412 | 422 | 429 | 503

/**
 * One API endpoint, defined once (docs/api.md#adding-an-endpoint): the server registers, guards
 * and validates it from this entry, the PWA calls it through it, and the OpenAPI document, the
 * authorization matrix and the fuzzer are generated from the table of all of them
 * (src/contract/endpoints.ts).
 */
export type Endpoint = {
  method: Method
  /** Under `/api/v1` (or the site's root, with `root`), with Hono's `:param`s: `/voucher/:id`. */
  path: string
  /** A file the app serves from the site's root, not an API call (a pack image). */
  root?: true
  /** One line for the reference. */
  summary: string
  /** Who may call it (src/contract/policy.ts). */
  policy: Policy
  /** The path's params: an id that does not parse is answered with the entry's first 404. */
  params?: v.ObjectSchema<v.ObjectEntries, undefined>
  /** The query string, read as strings. */
  query?: v.GenericSchema
  /** The JSON body. */
  body?: v.GenericSchema
  /**
   * Instead of a JSON body, a `multipart/form-data` one holding a file in `field`: of `types` (by
   * its content), at most `maxBytes` (the body at most `maxBytes` and 64 KiB of form around it).
   */
  upload?: { field: string; types: readonly string[]; maxBytes: number }
  /** The answer's `data` (inside `{ data, message? }`), or a file. */
  answer: v.GenericSchema | FileAnswer
  /** The answer's status when it succeeds: 200 unless said. */
  status?: 200 | 201
  /** The refusals particular to this endpoint, by status, as message ids. */
  errors?: Partial<Record<ErrorStatus, readonly Message[]>>
  /** Takes an `Idempotency-Key` (docs/behaviour.md#repeat-safe-requests). */
  idempotent?: true
  /**
   * Conditional requests on the answer's `ETag`: `read` answers 304 to an `If-None-Match` naming
   * it; `write` takes an `If-Match` and answers 412 when it names another (docs/api.md).
   */
  conditional?: 'read' | 'write'
  /** Answered without the `X-APP` header (a load balancer's or a monitor's probe). */
  withoutAppHeader?: true
}

/**
 * Checks an entry against the shape above while keeping its literal types. Marked as free of side
 * effects, so that a bundle keeps only the entries its code calls.
 */
/*#__NO_SIDE_EFFECTS__*/
export function endpoint<const E extends Endpoint>(entry: E): E {
  return entry
}

/** The `:name`s of a path, e.g. `'id'` for `/voucher/:id`. */
export type PathParams<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParams<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never

/** Whether an entry answers a file rather than JSON. */
export function answersFile(entry: Endpoint): entry is Endpoint & { answer: FileAnswer } {
  return 'file' in entry.answer
}

/** `METHOD /path`, the name logs, metrics and the matrix know an endpoint by. */
export function routeOf(entry: Pick<Endpoint, 'method' | 'path'>): string {
  return `${entry.method} ${entry.path}`
}

/** The path with its params filled in, each encoded. */
export function fillPath(path: string, params: Record<string, string | number>): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params[name]
    if (value === undefined) throw new Error(`${path} needs ${name}`)
    return encodeURIComponent(String(value))
  })
}
