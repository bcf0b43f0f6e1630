/**
 * Starts the real server (`node server/main.ts`, with the options `npm run serve` gives node) as a
 * child process for the benchmarks, the way `npm start` runs it, and waits for its first healthy answer (`GET /api/v1/ready` 200).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import * as v from 'valibot'
import { apiClient } from '../tests/support/api.ts'
import { developmentSealKeys } from '../server/config.ts'

export const projectDir = fileURLToPath(new URL('..', import.meta.url))
export const distDir = join(projectDir, 'dist')

const packageSchema = v.object({ scripts: v.object({ serve: v.string() }) })

/**
 * What `npm run serve` (and `npm start`) gives node, from package.json: the server's V8 options
 * and `server/main.ts`. The benchmarks start the server as its users do.
 */
export const serverArgs: readonly string[] = (() => {
  const { scripts } = v.parse(
    packageSchema,
    JSON.parse(readFileSync(join(projectDir, 'package.json'), 'utf8')),
  )
  const [command, ...args] = scripts.serve.split(/\s+/)
  if (command !== 'node') throw new Error(`npm run serve runs ${scripts.serve}, not node`)
  return args
})()

/** Whether the PWA is built (`dist/index.html`), which the server then serves. */
export function isBuilt(): boolean {
  return existsSync(join(distDir, 'index.html'))
}

/** Builds the PWA once when `dist/` does not hold a build; answers whether it had to. */
export function ensureBuilt(): boolean {
  if (isBuilt()) return false
  console.info('bench: dist/ is missing, running `npm run build` once')
  const result = spawnSync('npm', ['run', 'build'], { cwd: projectDir, stdio: 'inherit' })
  if (result.status !== 0) throw new Error('`npm run build` failed')
  return true
}

/** A free TCP port on loopback. */
export async function freePort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  await new Promise<void>((resolve) => server.close(() => resolve()))
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}

export type ServerOptions = {
  /** PostgreSQL; the embedded PGlite in `dataDir` when undefined. */
  databaseUrl?: string
  /** Required for PGlite; a PostgreSQL server gets a throwaway folder name for its mail. */
  dataDir: string
  seedDemo: boolean
  /** Shared by processes on one database; without it the server keeps one in `dataDir`. */
  jwtSecret?: string
  port?: number
  /** More of the server's environment (`METRICS_PORT`, `TRUSTED_PROXIES`, …). */
  env?: Record<string, string>
  /** How long to wait for the first healthy answer. */
  timeoutMs?: number
}

export type RunningServer = {
  /** `http://127.0.0.1:port` */
  url: string
  pid: number
  /** Milliseconds from spawning the process to its first `GET /api/v1/ready` 200. */
  healthyAfterMs: number
  /** The process's resident memory now, in bytes (`VmRSS` of `/proc/<pid>/status`). */
  rss: () => Promise<number>
  /** The last lines the server wrote, for error messages. */
  output: () => string
  /** When (ms after spawning) the server first wrote a line holding `text`, if it did. */
  wroteAfterMs: (text: string) => number | undefined
  /** SIGTERM, and waits for the process to end (SIGKILL after 15 s). */
  stop: () => Promise<void>
}

const healthPath = '/api/v1/ready'
const keptOutput = 20_000

/** The resident set size of a process, in bytes. */
export async function rssOf(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status)
  if (!match?.[1]) throw new Error(`no VmRSS for process ${pid}`)
  return Number(match[1]) * 1024
}

async function isHealthy(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}${healthPath}`)
    await response.arrayBuffer()
    return response.status === 200
  } catch {
    return false
  }
}

/** Servers still running: killed if the benchmark ends early (an error, Ctrl-C). */
const running = new Set<ChildProcess>()
let cleanupInstalled = false

function killRunningOnExit() {
  if (cleanupInstalled) return
  cleanupInstalled = true
  process.once('exit', () => {
    for (const child of running) child.kill('SIGKILL')
  })
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of running) child.kill('SIGKILL')
      process.exit(130)
    })
  }
}

/** Spawns `node server/main.ts` and resolves once it answers its health check. */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const port = options.port ?? (await freePort())
  const url = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: options.dataDir,
    SEED_DEMO: options.seedDemo ? 'true' : 'false',
    PUBLIC_URL: url,
    // Measured as it runs in production: answers are not checked against their schemas there.
    NODE_ENV: 'production',
    AUDIT_KEY: 'bench audit key, at least 32 characters long',
    // The fixed development key: the bench's trials (contract version 1) carry nothing sealed.
    TRIAL_SEAL_KEYS: developmentSealKeys,
    // The load's few users search thousands of times a minute: measured, not throttled.
    CUSTOMER_SEARCH_PER_MINUTE: 'none',
    CUSTOMER_SEARCH_PER_HOUR: 'none',
    ...options.env,
  }
  delete env.DATABASE_URL
  delete env.JWT_SECRET
  if (options.databaseUrl !== undefined) env.DATABASE_URL = options.databaseUrl
  if (options.jwtSecret !== undefined) env.JWT_SECRET = options.jwtSecret

  const started = performance.now()
  const child = spawn(process.execPath, serverArgs, {
    cwd: projectDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  killRunningOnExit()
  running.add(child)
  let output = ''
  const lines: { atMs: number; text: string }[] = []
  const keep = (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    if (lines.length < 100) lines.push({ atMs: performance.now() - started, text })
    output = (output + text).slice(-keptOutput)
  }
  child.stdout.on('data', keep)
  child.stderr.on('data', keep)
  let exitCode: number | null | undefined
  const exited = new Promise<void>((resolve) => {
    child.once('exit', (code, signal) => {
      exitCode = code ?? (signal === null ? null : -1)
      running.delete(child)
      resolve()
    })
  })
  const pid = child.pid
  if (pid === undefined) throw new Error('the server process did not start')

  const stop = async () => {
    if (exitCode !== undefined) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000)
    await exited
    clearTimeout(timer)
  }

  const deadline = started + (options.timeoutMs ?? 120_000)
  for (;;) {
    if (exitCode !== undefined) {
      throw new Error(`the server exited (${String(exitCode)}) before it was healthy:\n${output}`)
    }
    if (await isHealthy(url)) break
    if (performance.now() > deadline) {
      await stop()
      throw new Error(`the server was not healthy in time:\n${output}`)
    }
    await sleep(10)
  }
  const healthyAfterMs = performance.now() - started

  return {
    url,
    pid,
    healthyAfterMs,
    rss: () => rssOf(pid),
    output: () => output,
    wroteAfterMs: (text) => lines.find((line) => line.text.includes(text))?.atMs,
    stop,
  }
}

/**
 * `--name value` or `--name=value` from the command line (`npm run bench -- --duration 5`), else
 * undefined: every bench module reads its own options, and ignores the others'.
 */
export function benchOption(name: string): string | undefined {
  const args = process.argv.slice(2)
  for (const [index, arg] of args.entries()) {
    if (arg === `--${name}`) return args[index + 1]
    if (arg.startsWith(`--${name}=`)) return arg.slice(name.length + 3)
  }
  return undefined
}

/** Whether `--name` is on the command line (a flag without a value). */
export function benchFlag(name: string): boolean {
  return process.argv.slice(2).includes(`--${name}`)
}

/** A positive number option, or its default. */
export function numberOption(name: string, fallback: number): number {
  const text = benchOption(name)
  if (text === undefined) return fallback
  const value = Number(text)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`)
  return value
}

/** The PostgreSQL database of the load benchmarks: `--database-url`, `BENCH_DATABASE_URL`. */
export function benchDatabaseUrl(): string {
  return (
    benchOption('database-url') ??
    process.env.BENCH_DATABASE_URL ??
    'postgres://postgres@127.0.0.1:5432/brand_large'
  )
}

/** The database's name, for notes (no user or password). */
export function databaseLabel(databaseUrl: string): string {
  const url = new URL(databaseUrl)
  return `${url.hostname}${url.port ? `:${url.port}` : ''}${url.pathname}`
}

/** Signs a demo user in once (login is throttled) and answers the bearer token. */
export async function signIn(url: string, email: string): Promise<string> {
  return (await apiClient(url, { language: 'en' }).login(email)).token
}
