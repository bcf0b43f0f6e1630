import * as v from 'valibot'
import { sessionSchema } from '../../src/contract/auth.ts'
import { apiBasePath, appHeader, appId, languageHeader } from '../../src/contract/http.ts'
import type { Locale } from '../../src/contract/locale.ts'
import type { Trial } from '../../src/contract/trial.ts'
import { demo, demoPassword } from './accounts.ts'

/** Where the API answers, and the header every call of the PWA carries. */
export const apiPath = apiBasePath
export const appHeaders = { [appHeader]: appId } as const

export type Rows<T> = { rows: T[]; count: number }

export type CallOptions = {
  token?: string
  body?: unknown
  params?: Record<string, string>
  headers?: Record<string, string>
}

/**
 * The API over plain HTTP as the PWA calls it (the X-APP header, a bearer token), for whatever
 * has no browser-side request context: the WebKit suite, the benchmarks, the soak. A call that is
 * not answered 2xx throws with its status and body; one that is answers the envelope's `data`.
 */
export function apiClient(baseUrl: string, options: { language?: Locale } = {}) {
  const call = async (method: string, path: string, init: CallOptions = {}) => {
    const query = init.params ? new URLSearchParams(init.params).toString() : ''
    const response = await fetch(`${baseUrl}${apiPath}/${path}${query ? `?${query}` : ''}`, {
      method,
      headers: {
        ...appHeaders,
        ...(options.language ? { [languageHeader]: options.language } : {}),
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    })
    if (!response.ok) {
      throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`)
    }
    return ((await response.json()) as { data: unknown }).data
  }

  return {
    call,

    /** Signs in; the answer holds the token and the user's fields. */
    login: async (email: string, password = demoPassword) =>
      v.parse(sessionSchema, await call('POST', 'user/login', { body: { email, password } })),

    get: async <T>(token: string, path: string, params: Record<string, string> = {}) =>
      (await call('GET', path, { token, params })) as T,

    /**
     * The newest trials on the server, as an admin reads them back (`GET /questionnaire/search`,
     * its first page: a suite's fresh database holds only that suite's trials).
     */
    async storedTrials(): Promise<Trial[]> {
      const { token } = await this.login(demo.admin.email)
      return (await this.get<Rows<Trial>>(token, 'questionnaire/search')).rows
    },
  }
}

export type ApiClient = ReturnType<typeof apiClient>
