import type { Session } from '../../src/contract/auth.ts'
import type { Trial } from '../../src/contract/trial.ts'
import { demo, demoPassword } from './accounts.ts'

/** Where the API answers, and the header every call of the PWA carries. */
export const apiPath = '/api/v1'
export const appHeaders = { 'X-APP': 'brand-expert-pwa' } as const

export type Rows<T> = { rows: T[]; count: number }

/**
 * The API over plain HTTP, for a suite that has no browser-side request context (the WebKit
 * suite; the Chromium suite uses Playwright's, with the same paths and headers).
 */
export function apiClient(baseUrl: string) {
  const call = async (method: string, path: string, init: { token?: string; body?: unknown }) => {
    const response = await fetch(`${baseUrl}${apiPath}/${path}`, {
      method,
      headers: {
        ...appHeaders,
        ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: init.body === undefined ? null : JSON.stringify(init.body),
    })
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status}`)
    return ((await response.json()) as { data: unknown }).data
  }

  return {
    /** Signs in; the answer holds the token and the user's fields. */
    login: async (email: string, password = demoPassword) =>
      (await call('POST', 'user/login', { body: { email, password } })) as Session,

    get: async <T>(token: string, path: string, params: Record<string, string> = {}) => {
      const query = new URLSearchParams(params).toString()
      return (await call('GET', query ? `${path}?${query}` : path, { token })) as T
    },

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
