import { randomBytes } from 'node:crypto'
import { mkdtemp, rm } from 'node:fs/promises'
import { once } from 'node:events'
import { Server } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { apiBasePath, appHeader, appId, languageHeader } from '../../../src/contract/http.ts'
import type { Locale } from '../../../src/contract/locale.ts'
import { createApp } from '../../../server/app.ts'
import { sealAuditHead } from '../../../server/audit/log.ts'
import { answerUnreadableRequests } from '../../../server/http/unreadable.ts'
import type { AppDeps } from '../../../server/deps.ts'
import { loadConfig, type Config } from '../../../server/config.ts'
import { openDatabase, type Database, type OpenDatabase } from '../../../server/db/database.ts'
import { silentLogger, type DestinationStream, createLogger } from '../../../server/log.ts'
import { createMailer } from '../../../server/mail/mailer.ts'
import { createMetrics, type Metrics } from '../../../server/metrics.ts'
import { createTasks, type Tasks } from '../../../server/tasks.ts'
import { fromTemplates } from './database-mode.ts'
import { adminStatement } from './postgres.ts'

/** Every suite runs on PGlite, and on PostgreSQL too when `TEST_DATABASE_URL` is set. */
export type TestDatabase = { name: string; url: string | undefined }
const postgresUrl = process.env.TEST_DATABASE_URL
export const databases: TestDatabase[] = [
  { name: 'PGlite', url: undefined },
  ...(postgresUrl ? [{ name: 'PostgreSQL', url: postgresUrl }] : []),
]

export type RequestOptions = {
  token?: string
  body?: unknown
  language?: Locale
  /** The X-APP header: the PWA's by default, another value, or null for none. */
  app?: string | null
  headers?: Record<string, string>
}

export type ApiResponse = { status: number; headers: Headers; body: unknown }

/**
 * The server's clock in tests: real time moved by `advance`, or held still by `freeze` where a
 * test compares against a whole-second boundary such as a token's expiry.
 */
export type TestClock = {
  now: () => Date
  advance: (ms: number) => void
  freeze: () => void
  reset: () => void
}

function createTestClock(): TestClock {
  let offset = 0
  let frozenAt: number | undefined
  return {
    now: () => new Date(frozenAt ?? Date.now() + offset),
    advance: (ms) => {
      if (frozenAt === undefined) offset += ms
      else frozenAt += ms
    },
    freeze: () => {
      frozenAt ??= Date.now() + offset
    },
    reset: () => {
      offset = 0
      frozenAt = undefined
    },
  }
}

/** Calls the API over real HTTP: `path` is under `/api/v1`. */
export async function callApi(
  baseUrl: string,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...options.headers }
  const app = options.app === undefined ? appId : options.app
  if (app !== null) headers[appHeader] = app
  if (options.token) headers.Authorization = `Bearer ${options.token}`
  if (options.language) headers[languageHeader] = options.language
  if (options.body !== undefined) headers['Content-Type'] = 'application/json'
  const response = await fetch(`${baseUrl}${apiBasePath}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : null,
  }
}

/** Serves an app on an ephemeral port of 127.0.0.1. */
async function listen(deps: AppDeps): Promise<{ url: string; close: () => Promise<void> }> {
  const server = serve({ fetch: createApp(deps).fetch, port: 0, hostname: '127.0.0.1' })
  if (server instanceof Server) answerUnreadableRequests(server)
  await once(server, 'listening')
  const address = server.address()
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (server instanceof Server) server.closeAllConnections()
        server.close((error) => (error ? reject(error) : resolve()))
      }),
  }
}

/**
 * A fresh database: PGlite in memory (from the build's migrated template), or a new PostgreSQL
 * database with a random name, a copy of the run's migrated template when there is one
 * (`global-setup.ts`).
 */
async function freshDatabase(
  database: TestDatabase,
  dataDir: string,
): Promise<{
  url: string | undefined
  open: () => Promise<OpenDatabase>
  drop: () => Promise<void>
}> {
  if (!database.url) {
    return {
      url: undefined,
      open: () =>
        openDatabase(
          { databaseUrl: undefined, dataDir },
          { memory: true, fromTemplate: fromTemplates },
        ),
      drop: async () => {},
    }
  }
  const name = `api_test_${randomBytes(6).toString('hex')}`
  const adminUrl = database.url
  const admin = (statement: string) => adminStatement(adminUrl, statement)
  const template = inject('postgresTemplate')
  await admin(`create database "${name}"${template ? ` template "${template}"` : ''}`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return {
    url: url.href,
    open: () => openDatabase({ databaseUrl: url.href, dataDir }),
    drop: () => admin(`drop database if exists "${name}" with (force)`),
  }
}

export type TestApi = {
  url: string
  db: Database
  /** The test's own PostgreSQL database; undefined on PGlite. */
  databaseUrl: string | undefined
  config: Config
  clock: TestClock
  tasks: Tasks
  /** The first app's metrics (each app has its own). */
  metrics: Metrics
  request: (method: string, path: string, options?: RequestOptions) => Promise<ApiResponse>
  /** A second app, with its own connections, on the same database (as a second process). */
  startAnother: () => Promise<{ url: string }>
}

export type ApiOptions = {
  distDir?: string
  mediaDir?: string
  assetBaseUrl?: string
  /** `MIN_APP_VERSION`; none (0.0.0) unless a test sets one. */
  minAppVersion?: string
  /** Where the app's JSON log lines go; none are written without it. */
  logTo?: DestinationStream
  /** `TRIAL_SEAL_KEYS`; the development key unless a test sets others. */
  trialSealKeys?: Config['trialSealKeys']
  /** `CUSTOMER_SEARCH_PER_MINUTE`, `CUSTOMER_SEARCH_PER_HOUR`; the defaults unless a test sets others. */
  customerSearchLimits?: Config['customerSearchLimits']
}

/**
 * Builds the app on a fresh database before the file's tests, serves it over real HTTP, and
 * tears everything down after them. The clock is back to now before each test.
 */
export function useApi(database: TestDatabase, apiOptions: ApiOptions = {}): TestApi {
  const { logTo, ...options } = apiOptions
  let started: TestApi | undefined
  const cleanups: (() => Promise<void>)[] = []
  const api = (): TestApi => {
    if (!started) throw new Error('the API is not started')
    return started
  }

  beforeAll(async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'brand-expert-api-'))
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }))
    const config: Config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(32).toString('hex'),
        PUBLIC_URL: 'https://brand-expert.test',
      }),
      // No built PWA unless a test brings one: the tests do not depend on `npm run build`.
      distDir: join(dataDir, 'dist'),
      ...options,
    }
    const fresh = await freshDatabase(database, dataDir)
    cleanups.push(fresh.drop)
    const clock = createTestClock()
    const logger = logTo
      ? createLogger({ level: 'info', format: 'json', destination: logTo })
      : silentLogger()
    const tasks = createTasks(logger)
    const mailer = createMailer(config)
    cleanups.push(() => Promise.resolve(mailer.close()))

    async function open() {
      const opened = await fresh.open()
      cleanups.push(opened.close)
      return opened
    }
    async function start(db: Database, metrics = createMetrics()) {
      const server = await listen({ db, mailer, clock: clock.now, config, tasks, logger, metrics })
      cleanups.push(server.close)
      return server
    }

    const first = await open()
    await first.migrate()
    const db = first.db
    // As the server does at its start (server/serve.ts).
    await sealAuditHead(db, config.auditKey)
    const metrics = createMetrics()
    const { url } = await start(db, metrics)
    started = {
      metrics,
      url,
      db,
      databaseUrl: fresh.url,
      config,
      clock,
      tasks,
      request: (method, path, requestOptions) => callApi(url, method, path, requestOptions),
      // PGlite lives in this process only: a second app shares it; PostgreSQL gets a new pool.
      startAnother: async () => start(database.url ? (await open()).db : db),
    }
  })

  afterAll(async () => {
    await started?.tasks.idle()
    for (const cleanup of cleanups.reverse()) await cleanup()
  })

  beforeEach(() => api().clock.reset())

  return {
    get url() {
      return api().url
    },
    get db() {
      return api().db
    },
    get databaseUrl() {
      return api().databaseUrl
    },
    get config() {
      return api().config
    },
    get clock() {
      return api().clock
    },
    get tasks() {
      return api().tasks
    },
    get metrics() {
      return api().metrics
    },
    request: (...args) => api().request(...args),
    startAnother: () => api().startAnother(),
  }
}

/** Parses a body with a contract schema: a test fails when the shape is not the contract's. */
export function expectShape<S extends v.GenericSchema>(schema: S, body: unknown): v.InferOutput<S> {
  return v.parse(schema, body)
}
