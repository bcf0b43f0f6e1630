import * as v from 'valibot'
import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky'
import { i18n } from '@lingui/core'
import { config } from '../config.ts'
import { fillPath, type Endpoint, type FileAnswer, type PathParams } from '../contract/endpoint.ts'
import {
  appHeader,
  appId,
  appVersionHeader,
  dataEnvelope,
  deviceTimeHeader,
  languageHeader,
  minAppVersionHeader,
  requestIdHeader,
} from '../contract/http.ts'
import { messages } from '../contract/messages.ts'
import { currentLocale } from '../i18n.ts'
import { learnMinAppVersion } from './min-app-version.ts'
import { learnReachability, reachedBy } from './reachability.ts'
import { learnOffset } from './server-clock.ts'
import { getSession } from './session.ts'
import { ApiError, answeredErrorSchema, extractErrorMessage } from './api-error.ts'

/** No answer: no connection, or none in time. The server is not reached. */
function noAnswer(): ApiError {
  learnReachability(false)
  return new ApiError(0, i18n._(messages.network.id))
}

/**
 * A failed answer as the one error to show: its status and its message
 * (docs/behaviour.md#errors-and-messages), with how long its `Retry-After` asks to wait.
 */
function answerError(status: number, body: unknown, headers: Headers): ApiError {
  const parsed = v.safeParse(answeredErrorSchema, body)
  const retryAfter = headers.get('Retry-After')
  return new ApiError(
    status,
    extractErrorMessage(body, i18n._(messages.unknownError.id)),
    parsed.success ? (parsed.output.invalidFields ?? []) : [],
    {
      ...(parsed.success ? parsed.output : {}),
      ...(retryAfter === null ? {} : { retryAfter }),
    },
  )
}

/**
 * The one HTTP client: adds the bearer token, `X-APP`, `Language`, `App-Version` and
 * `Device-Time` to every request, learns the server's clock from every answer, and turns
 * every failure into an `ApiError`. Routing reacts to errors (an expired session); this only types
 * them. Nothing is retried here: queries retry as TanStack Query says, and the outbox has its own
 * backoff (a POST repeated behind its back would be a second effect).
 */
const http = ky.create({
  prefix: config.apiBase,
  timeout: 20_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        request.headers.set(appHeader, appId)
        request.headers.set(languageHeader, currentLocale())
        request.headers.set(appVersionHeader, config.appVersion)
        // The device's clock as it sends: the server measures the tablet's clock by it.
        request.headers.set(deviceTimeHeader, new Date().toISOString())
        // A call that brings its own (a queued trial's device credential) keeps it.
        const token = getSession()?.token
        if (token && !request.headers.has('Authorization')) {
          request.headers.set('Authorization', `Bearer ${token}`)
        }
      },
    ],
    afterResponse: [
      ({ request, response }) => {
        // Every answer, an error's too, tells the server's clock (docs/behaviour.md#capture-time)
        // and names the minimum app version (docs/behaviour.md#updates), and whether the server
        // is reached (docs/behaviour.md#offline).
        const sentAt = Date.parse(request.headers.get(deviceTimeHeader) ?? '')
        learnOffset(response.headers.get('Date'), sentAt, Date.now())
        learnMinAppVersion(response.headers.get(minAppVersionHeader))
        // A gateway's 502-504 for a server it cannot reach lacks the API's `Request-Id`.
        learnReachability(reachedBy(response.status, response.headers.has(requestIdHeader)))
      },
    ],
    beforeError: [
      ({ error }) => {
        if (isHTTPError(error))
          return answerError(error.response.status, error.data, error.response.headers)
        if (isNetworkError(error) || isTimeoutError(error)) return noAnswer()
        return error
      },
    ],
  },
})

/** A query's values travel as text: where the schema reads text, a number is sent as one. */
type QueryOf<T> = { [K in keyof T]: string extends T[K] ? T[K] | number : T[K] }

type Parsed<E, K extends 'query' | 'body'> = E extends { [P in K]: infer S extends v.GenericSchema }
  ? { [P in K]: K extends 'query' ? QueryOf<v.InferInput<S>> : v.InferInput<S> }
  : { [P in K]?: never }

/** What a call of an endpoint sends: its path's params, its query and its body, as typed. */
export type CallInput<E extends Endpoint> = (PathParams<E['path']> extends never
  ? { params?: never }
  : { params: Record<PathParams<E['path']>, string | number> }) &
  Parsed<E, 'query'> &
  Parsed<E, 'body'> &
  (E extends { upload: object } ? { form: FormData } : { form?: never }) & {
    headers?: Record<string, string>
    /** Milliseconds to wait for the whole answer (20 s unless said). */
    timeout?: number
  }

/** The query's values as text; what is left out (undefined) is not sent. */
function searchParamsOf(query: unknown): URLSearchParams {
  const params = new URLSearchParams()
  if (typeof query !== 'object' || query === null) return params
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      params.set(name, String(value))
    }
  }
  return params
}

/** What `send` sends: a call's path params, query, body and headers. */
export type SentInput = {
  params?: Record<string, string | number>
  query?: unknown
  body?: unknown
  /** An upload's multipart body, instead of JSON. */
  form?: FormData
  headers?: Record<string, string>
  timeout?: number
}

/**
 * Sends a call of an endpoint; any failure is an `ApiError`. Answers the response itself, for a
 * caller that needs its headers (an `ETag`).
 */
export async function send(
  endpoint: Endpoint,
  input: SentInput,
  accept: string,
  onProgress: (bytes: number) => void = () => {},
) {
  const path = fillPath(endpoint.path, input.params ?? {}).slice(1)
  try {
    return await http(path, {
      method: endpoint.method,
      searchParams: searchParamsOf(input.query),
      // An upload has no JSON body (`json` undefined), a JSON call no form (`body` undefined).
      json: input.body,
      body: input.form,
      headers: { ...input.headers, Accept: accept },
      timeout: input.timeout ?? 20_000,
      onDownloadProgress: (progress) => onProgress(progress.transferredBytes),
    })
  } catch (error) {
    // Thrown before or after ky's hooks could type it (a body that broke off, a lost connection).
    throw error instanceof ApiError ? error : noAnswer()
  }
}

type JsonEndpoint = Endpoint & { answer: v.GenericSchema }

type Answer<S extends v.GenericSchema> = { data: v.InferOutput<S>; message: string | undefined }

/**
 * Calls an endpoint of the contract (src/contract/endpoints/) and answers its `{ data, message }`,
 * checked against the entry's answer schema, or a narrower one where the call knows which of the
 * entry's answers it gets (the catalogue's brand families rather than its packs).
 */
export async function call<E extends JsonEndpoint>(
  endpoint: E,
  input: CallInput<E>,
): Promise<Answer<E['answer']>>
export async function call<
  E extends JsonEndpoint,
  S extends v.GenericSchema<unknown, v.InferOutput<E['answer']>>,
>(endpoint: E, input: CallInput<E>, answer: S): Promise<Answer<S>>
export async function call(
  endpoint: JsonEndpoint,
  input: SentInput,
  answer: v.GenericSchema = endpoint.answer,
): Promise<Answer<v.GenericSchema>> {
  const response = await send(endpoint, input, 'application/json')
  const body: unknown = await response.json().catch(() => undefined)
  const parsed = v.safeParse(dataEnvelope(answer), body)
  // Not what the contract says: status -1 (see ApiError).
  if (!parsed.success) throw new ApiError(-1, i18n._(messages.unknownError.id))
  return { data: parsed.output.data, message: parsed.output.message }
}

/**
 * Calls an endpoint that answers a file, telling `onProgress` the bytes received so far. Answers
 * the file and the response's headers (its name is in `Content-Disposition`).
 */
export async function download<E extends Endpoint & { answer: FileAnswer }>(
  endpoint: E,
  input: CallInput<E>,
  onProgress: (bytes: number) => void,
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(endpoint, input, '*/*', onProgress)
  try {
    const blob = await response.blob()
    return { blob, headers: response.headers }
  } catch {
    // The connection broke (or the time ran out) while the file arrived.
    throw noAnswer()
  }
}
