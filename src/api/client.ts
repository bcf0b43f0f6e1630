import ky from 'ky'
import * as v from 'valibot'
import { i18n } from '@lingui/core'
import { config } from '../config.ts'
import { appHeader, appId, dataEnvelope, languageHeader } from '../contract/http.ts'
import { currentLocale } from '../i18n.ts'
import { getSession } from './session.ts'
import { toApiError } from './api-error.ts'

/**
 * The one HTTP client: adds the bearer token, `X-APP` and `Language` to every request and turns
 * every failure into an `ApiError`. Routing reacts to errors; this only types them.
 */
export const api = ky.create({
  prefix: config.apiBase,
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = getSession()?.token
        if (token) request.headers.set('Authorization', `Bearer ${token}`)
        request.headers.set(appHeader, appId)
        request.headers.set(languageHeader, currentLocale())
      },
    ],
  },
})

type Json = Record<string, unknown>

/** Sends a request and returns the answer's `{ data, message }`, checked against `schema`. */
async function call<T extends v.GenericSchema>(
  schema: T,
  send: () => Promise<unknown>,
): Promise<{ data: v.InferOutput<T>; message: string | undefined }> {
  let body: unknown
  try {
    body = await send()
  } catch (error) {
    throw toApiError(error, (id) => i18n._(id))
  }
  const parsed = v.safeParse(dataEnvelope(schema), body)
  if (!parsed.success) throw toApiError(parsed.issues, (id) => i18n._(id))
  return { data: parsed.output.data, message: parsed.output.message }
}

export function getJson<T extends v.GenericSchema>(
  path: string,
  schema: T,
  searchParams?: Record<string, string | number | boolean>,
) {
  return call(schema, () => api.get(path, searchParams ? { searchParams } : {}).json())
}

export function postJson<T extends v.GenericSchema>(
  path: string,
  schema: T,
  json: Json = {},
  headers: Record<string, string> = {},
) {
  return call(schema, () => api.post(path, { json, headers }).json())
}
