/**
 * `npm run start:cluster`: the production topology on one machine. HAProxy (deploy/haproxy.cfg)
 * on `HOST:PORT` in front of `PROCESSES` API processes (`node server/main.ts`, on 127.0.0.1 at the
 * next ports), all on the PostgreSQL database of `DATABASE_URL`. The processes get the rest of
 * the environment as it is (README's configuration), plus what a balancer in front needs:
 * `TRUSTED_PROXIES`, a shared `JWT_SECRET`, `DRAIN_DELAY`. Ctrl-C or SIGTERM stops the processes
 * (each drains, then finishes its requests), then HAProxy.
 *
 *   DATABASE_URL=postgres://… PROCESSES=2 PORT=3000 npm run start:cluster
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { setTimeout as sleep } from 'node:timers/promises'
import { fileURLToPath } from 'node:url'
import * as v from 'valibot'
import { loadConfig } from '../../server/config.ts'
import { startHaproxy, type Balancer } from './haproxy.ts'

const projectDir = fileURLToPath(new URL('../..', import.meta.url))

const clusterSchema = v.object({
  DATABASE_URL: v.pipe(
    v.string('start:cluster needs DATABASE_URL: the processes share one PostgreSQL database'),
    v.startsWith('postgres', 'DATABASE_URL: a postgres:// address'),
  ),
  PROCESSES: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '2'),
  PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1)), '3000'),
  HOST: v.optional(v.string(), '0.0.0.0'),
  HAPROXY_STATS_BIND: v.optional(v.string(), '127.0.0.1:8404'),
  /** HAProxy's interval between two checks of a process, in seconds. */
  CHECK_INTERVAL: v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(0.1)), '1'),
  DRAIN_DELAY: v.optional(v.pipe(v.string(), v.toNumber(), v.minValue(0))),
  METRICS_PORT: v.optional(v.pipe(v.string(), v.toNumber(), v.integer(), v.minValue(1))),
})

const parsed = v.safeParse(clusterSchema, process.env)
if (!parsed.success) {
  for (const issue of parsed.issues) console.error(issue.message)
  process.exit(1)
}
const settings = parsed.output
// The processes' own settings checked once here; the JWT secret (generated into DATA_DIR when
// unset) is the one all of them sign and check tokens with.
const config = loadConfig(process.env)
const jwtSecret = new TextDecoder().decode(config.jwtSecret)
// Two failed checks take a draining process out: it serves on a little longer than that.
const drainDelay = settings.DRAIN_DELAY ?? settings.CHECK_INTERVAL * 2 + 0.5

type ApiProcess = { name: string; port: number; child: ChildProcess; exited: Promise<void> }

function startProcess(index: number): ApiProcess {
  const port = settings.PORT + index + 1
  const metricsPort =
    settings.METRICS_PORT === undefined
      ? {}
      : { METRICS_PORT: String(settings.METRICS_PORT + index) }
  // A process group of its own: Ctrl-C reaches this script alone, which stops them in order.
  const child = spawn(process.execPath, ['--max-semi-space-size=32', 'server/main.ts'], {
    cwd: projectDir,
    env: {
      ...process.env,
      ...metricsPort,
      PORT: String(port),
      HOST: '127.0.0.1',
      JWT_SECRET: jwtSecret,
      // Links in mails lead to the balancer (PORT is its port here).
      PUBLIC_URL: config.publicUrl,
      TRUSTED_PROXIES: process.env.TRUSTED_PROXIES ?? '127.0.0.1',
      DRAIN_DELAY: String(drainDelay),
    },
    stdio: 'inherit',
    detached: true,
  })
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  return { name: `process ${index + 1} (127.0.0.1:${port})`, port, child, exited }
}

const running = (server: ApiProcess) =>
  server.child.exitCode === null && server.child.signalCode === null

async function waitUntilReady(server: ApiProcess) {
  const url = `http://127.0.0.1:${server.port}/api/v1/ready`
  for (;;) {
    if (!running(server)) throw new Error(`${server.name} ended before it was ready`)
    const status = await fetch(url).then(
      (answer) => answer.status,
      () => 0,
    )
    if (status === 200) return
    await sleep(200)
  }
}

const processes = Array.from({ length: settings.PROCESSES }, (_, index) => startProcess(index))
let balancer: Balancer | undefined
let stopping = false

async function stop(code: number) {
  if (stopping) {
    // A second Ctrl-C: no more waiting.
    for (const server of processes) if (running(server)) server.child.kill('SIGKILL')
    balancer?.child.kill('SIGKILL')
    process.exit(1)
  }
  stopping = true
  console.info('Stopping the API processes, then HAProxy')
  for (const server of processes) if (running(server)) server.child.kill('SIGTERM')
  await Promise.all(processes.map((server) => server.exited))
  await balancer?.close()
  process.exit(code)
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => void stop(0))
}

for (const server of processes) {
  void server.exited.then(() => {
    if (stopping) return
    const left = processes.filter(running).length
    console.error(`${server.name} exited (${server.child.exitCode ?? server.child.signalCode})`)
    if (left === 0) void stop(1)
    else console.error(`HAProxy sends its requests to the ${left} left`)
  })
}

try {
  await Promise.all(processes.map(waitUntilReady))
  balancer = await startHaproxy({
    servers: processes.map((server) => `127.0.0.1:${server.port}`),
    bind: `${settings.HOST}:${settings.PORT}`,
    statsBind: settings.HAPROXY_STATS_BIND,
    checkInterval: `${settings.CHECK_INTERVAL}s`,
    onOutput: (text) => process.stderr.write(text.replace(/^(?=.)/gm, 'haproxy: ')),
    detached: true,
  })
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  await stop(1)
}
balancer?.child.once('exit', () => {
  if (!stopping) {
    console.error('HAProxy exited')
    void stop(1)
  }
})
const host = settings.HOST === '0.0.0.0' || settings.HOST === '::' ? 'localhost' : settings.HOST
console.info(
  `Brand Expert cluster: HAProxy on http://${host}:${settings.PORT} in front of ` +
    `${processes.length} processes (${processes.map((server) => server.port).join(', ')}); ` +
    `its stats on http://${settings.HAPROXY_STATS_BIND}/stats`,
)
