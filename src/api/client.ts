import * as v from 'valibot'
import { i18n } from '@lingui/core'
import { config } from '../config.ts'
import { appHeader, appId, dataEnvelope, languageHeader } from '../contract/http.ts'
import { messages } from '../contract/messages.ts'
import { currentLocale } from '../i18n.ts'
import { getSession } from './session.ts'
import { ApiError, answeredErrorSchema, extractErrorMessage } from './api-error.ts'

type Json = Record<string, unknown>

type RequestOptions = {
  method?: 'GET' | 'POST'
  json?: Json
  searchParams?: Record<string, string | number | boolean>
  headers?: Record<string, string>
  /** Milliseconds to wait for the whole answer (20 s unless said). */
  timeout?: number
}

/**
 * A failed answer as the one error to show: its status and its message
 * (docs/behaviour.md#errors-and-messages).
 */
function answerError(status: number, body: unknown): ApiError {
  const parsed = v.safeParse(answeredErrorSchema, body)
  return new ApiError(
    status,
    extractErrorMessage(body, i18n._(messages.unknownError.id)),
    parsed.success ? (parsed.output.invalidFields ?? []) : [],
    parsed.success ? parsed.output : {},
  )
}

/** No answer: no connection, or none in time. */
function noAnswer(): ApiError {
  return new ApiError(0, i18n._(messages.network.id))
}

/**
 * The one HTTP client (plain `fetch`): adds the bearer token, `X-APP` and `Language` to every
 * request and turns every failure into an `ApiError`. Routing reacts to errors; this only types
 * them. Answers the response of a 2xx.
 */
async function request(path: string, options: RequestOptions = {}): Promise<Response> {
  const { method = 'GET', json, searchParams = {}, timeout = 20_000 } = options
  const url = new URL(`${config.apiBase}/${path}`, window.location.origin)
  for (const [name, value] of Object.entries(searchParams)) {
    url.searchParams.set(name, String(value))
  }
  const headers = new Headers(options.headers)
  headers.set(appHeader, appId)
  headers.set(languageHeader, currentLocale())
  const token = getSession()?.token
  if (token) headers.set('Authorization', `Bearer ${token}`)
  if (json) headers.set('Content-Type', 'application/json')
  let response: Response
  try {
    response = await fetch(url, {
      method,
      headers,
      body: json && JSON.stringify(json),
      signal: AbortSignal.timeout(timeout),
    })
  } catch {
    throw noAnswer()
  }
  if (!response.ok) throw answerError(response.status, await readJson(response))
  return response
}

/** The answer's JSON, or `undefined` when it has none (an empty or HTML answer). */
function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => undefined)
}

/** Sends a request and returns the answer's `{ data, message }`, checked against `schema`. */
async function call<T extends v.GenericSchema>(
  schema: T,
  path: string,
  options: RequestOptions,
): Promise<{ data: v.InferOutput<T>; message: string | undefined }> {
  const response = await request(path, {
    ...options,
    headers: { ...options.headers, Accept: 'application/json' },
  })
  const parsed = v.safeParse(dataEnvelope(schema), await readJson(response))
  // Not what the contract says: status -1 (see ApiError).
  if (!parsed.success) throw new ApiError(-1, i18n._(messages.unknownError.id))
  return { data: parsed.output.data, message: parsed.output.message }
}

export function getJson<T extends v.GenericSchema>(
  path: string,
  schema: T,
  searchParams?: Record<string, string | number | boolean>,
) {
  return call(schema, path, searchParams ? { searchParams } : {})
}

export function postJson<T extends v.GenericSchema>(
  path: string,
  schema: T,
  json: Json = {},
  headers: Record<string, string> = {},
) {
  return call(schema, path, { method: 'POST', json, headers })
}

/**
 * POSTs and reads the answer as a file, telling `onProgress` the bytes received so far. Answers
 * the file and the response's headers (its name is in `Content-Disposition`).
 */
export async function postForFile(
  path: string,
  json: Json,
  onProgress: (bytes: number) => void,
  timeout: number,
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await request(path, { method: 'POST', json, timeout })
  const parts: Uint8Array<ArrayBuffer>[] = []
  let received = 0
  const reader = response.body?.getReader()
  try {
    for (let part = await reader?.read(); part?.value; part = await reader?.read()) {
      parts.push(part.value)
      received += part.value.byteLength
      onProgress(received)
    }
  } catch {
    // The connection broke (or the time ran out) while the file arrived.
    throw noAnswer()
  }
  const type = response.headers.get('Content-Type') ?? ''
  return { blob: new Blob(parts, { type }), headers: response.headers }
}
