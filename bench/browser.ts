import { signInThroughForm, unlockAfterEachLoad } from '../tests/support/sign-in.ts'
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { freePort, projectDir, serverArgs } from './server.ts'
import type { Browser, BrowserContext, Page } from '@playwright/test'
import { demo } from '../tests/support/accounts.ts'
import { databaseName } from '../tests/support/outbox-rows.ts'
import { apiClient } from '../tests/support/api.ts'

/**
 * What the browser benchmarks share: the built app served by the real server (`node
 * server/main.ts`) on its embedded database in a temporary DATA_DIR, Debian's Chromium driven by
 * Playwright, and signing in as a demo user through the login form.
 */

/** The demo users the benchmarks sign in as. */
export type DemoRole = 'agent' | 'manager' | 'admin'

export type RunningApp = {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string
  dataDir: string
  stop: () => Promise<void>
  /** Stops the server and keeps its data folder, for another build to serve (`serveDataDir`). */
  stopServer?: () => Promise<void>
}

const healthTimeout = 120_000
const running = new Set<ChildProcess>()
const removeOnExit = new Set<string>()

process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
  for (const dir of removeOnExit) rmSync(dir, { recursive: true, force: true })
})

export function sleep(ms: number) {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

async function waitHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + healthTimeout
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`the server exited with ${child.exitCode}:\n${output()}`)
    }
    try {
      const response = await fetch(`${url}/api/v1/ready`)
      if (response.ok) return
    } catch {
      // Not listening yet.
    }
    await sleep(200)
  }
  throw new Error(`the server did not answer /api/v1/ready in ${healthTimeout} ms:\n${output()}`)
}

async function stopChild(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  child.kill('SIGTERM')
  const force = setTimeout(() => child.kill('SIGKILL'), 15_000)
  await exited
  clearTimeout(force)
  running.delete(child)
}

/**
 * Starts `node server/main.ts` of `checkout` (this one unless another is compared with it) on
 * `dataDir` and a free port; resolves once /ready answers.
 */
async function spawnServer(dataDir: string, checkout = projectDir): Promise<RunningApp> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  // Always the embedded database with the demo data, whatever the caller's environment says.
  const { DATABASE_URL: _postgres, SEED_DEMO: _seed, ...inherited } = process.env
  const child = spawn(process.execPath, serverArgs, {
    cwd: checkout,
    env: {
      ...inherited,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: url,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  running.add(child)
  let errors = ''
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000)
  })
  try {
    await waitHealthy(url, child, () => errors)
  } catch (error) {
    await stopChild(child)
    throw error
  }
  return { url, dataDir, stop: () => stopChild(child) }
}

/**
 * A seeded data folder, made once per process: seeding the demo data takes a while on a busy
 * machine, and every benchmark then starts from its own copy of the same database.
 */
const templates = new Map<string, Promise<string>>()

/** One per checkout: another build may have other migrations. */
function seededTemplate(checkout: string): Promise<string> {
  let template = templates.get(checkout)
  if (!template) {
    template = (async () => {
      const dir = mkdtempSync(join(tmpdir(), 'brand-expert-bench-seed-'))
      removeOnExit.add(dir)
      const app = await spawnServer(dir, checkout)
      await app.stop()
      return dir
    })()
    templates.set(checkout, template)
  }
  return template
}

/**
 * The built app and its API on a fresh copy of the seeded demo database: this checkout's, or
 * another built one's (`checkout`) when a benchmark compares two builds. `prepare` changes the
 * copy before the server opens it (more data than the demo's).
 */
export async function startApp(
  checkout = projectDir,
  { prepare }: { prepare?: (dataDir: string) => Promise<void> } = {},
): Promise<RunningApp> {
  if (!existsSync(join(checkout, 'dist', 'index.html'))) {
    throw new Error(`${join(checkout, 'dist')} is missing: run \`npm run build\` there first`)
  }
  const seeded = await seededTemplate(checkout)
  const dataDir = mkdtempSync(join(tmpdir(), 'brand-expert-bench-'))
  removeOnExit.add(dataDir)
  cpSync(seeded, dataDir, { recursive: true })
  await prepare?.(dataDir)
  return serveDataDir(dataDir, checkout)
}

/**
 * A built checkout's server on a data folder: a fresh copy (`startApp`), or one a stopped server
 * left (`stopServer`), with the same users, sessions and catalogue, as after a deployment. Its
 * `stop` removes the folder.
 */
export async function serveDataDir(dataDir: string, checkout: string): Promise<RunningApp> {
  removeOnExit.add(dataDir)
  const app = await spawnServer(dataDir, checkout)
  return {
    ...app,
    stop: async () => {
      await app.stop()
      rmSync(dataDir, { recursive: true, force: true })
      removeOnExit.delete(dataDir)
    },
    stopServer: app.stop,
  }
}

/** A new context on the app as `link` carries it: the link's origin is the browser's. */
export function newContextOnLink(browser: Browser, link: { url: string }): Promise<BrowserContext> {
  return newAppContext(browser, { url: link.url, dataDir: '', stop: () => Promise.resolve() })
}

/**
 * A new browser context on the app, the UI in English (as in the e2e tests); its pages enter the
 * demo PIN after each full load unless `unlockOnLoad` is false (a figure of the lock screen).
 */
export async function newAppContext(
  browser: Browser,
  app: RunningApp,
  options: {
    serviceWorkers?: 'allow' | 'block'
    locale?: 'me' | 'sr' | 'en' | null
    unlockOnLoad?: boolean
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: app.url,
    viewport: { width: 768, height: 1024 },
    serviceWorkers: options.serviceWorkers ?? 'allow',
  })
  if (options.unlockOnLoad ?? true) context.on('page', unlockAfterEachLoad)
  const locale = options.locale === undefined ? 'en' : options.locale
  if (locale) {
    await context.addInitScript((chosen) => {
      if (!localStorage.getItem('locale')) localStorage.setItem('locale', chosen)
    }, locale)
  }
  return context
}

/**
 * A brand expert signed in on a new context, its shell served by the service worker (so that a
 * reload offline opens the app) and its device database made: where the outbox benchmarks queue
 * their trials.
 */
export async function agentReadyForOutbox(
  browser: Browser,
  app: RunningApp,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newAppContext(browser, app)
  const page = await context.newPage()
  await signIn(page, 'agent')
  await page.getByRole('heading', { level: 1 }).first().waitFor()
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
  })
  await page.reload()
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  await page.waitForFunction(
    async (name) => (await indexedDB.databases()).some((entry) => entry.name === name),
    databaseName,
  )
  return { context, page }
}

/**
 * Signs in through the login form (tests/support/sign-in.ts: in every locale, with the demo PIN)
 * and waits until the app is open. `baseUrl` is needed where the context has none.
 */
export async function signIn(page: Page, role: DemoRole, baseUrl = ''): Promise<void> {
  await signInThroughForm(page, demo[role].email, { baseUrl })
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 30_000 })
}

/** Signs in through the API: the token and the user's id. */
export async function apiLogin(
  app: RunningApp,
  role: DemoRole,
): Promise<{ token: string; userId: number }> {
  const session = await apiClient(app.url).login(demo[role].email)
  return { token: session.token, userId: session.id }
}

/** `GET /api/v1/<path>` with a token; answers the `data` of the envelope, checked by `schema`. */
export async function apiGet<T extends v.GenericSchema>(
  app: RunningApp,
  token: string,
  path: string,
  schema: T,
  params: Record<string, string> = {},
): Promise<v.InferOutput<T>> {
  return v.parse(schema, await apiClient(app.url).call('GET', path, { token, params }))
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  if (sorted.length === 0) return Number.NaN
  const middle = Math.floor(sorted.length / 2)
  const upper = sorted[middle] ?? Number.NaN
  return sorted.length % 2 ? upper : ((sorted[middle - 1] ?? Number.NaN) + upper) / 2
}
