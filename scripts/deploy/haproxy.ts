/**
 * Debian's HAProxy in front of API processes on this machine, with the project's configuration
 * (`deploy/haproxy.cfg`, the one compose.yaml mounts), its `server` lines replaced by the given
 * addresses: for `npm run start:cluster` (scripts/deploy/start-cluster.ts), the two-process audit and the
 * API bench through the balancer. HAProxy checks each process's `/api/v1/ready` and sends requests
 * only to those that answer 200.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'

const haproxyPath = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy'
const templatePath = new URL('../../deploy/haproxy.cfg', import.meta.url)

/** One API process as HAProxy sees it, from its stats (`/stats;csv`). */
export type ServerState = {
  /** `api1`, `api2`, …: the processes in the order given. */
  name: string
  /** `UP`, `DOWN`, `UP 1/2` (going down), `DOWN 1/2` (coming up), `MAINT`, `no check`. */
  status: string
  /** The last check's outcome: `L7OK` (200), `L7STS` (another status), `L4CON` (refused), `INI`. */
  check: string
  /** Answers with a 5xx status sent to clients for this server (HAProxy's own 502s included). */
  responses5xx: number
  /** Requests sent to this server. */
  sent: number
}

export type Balancer = {
  url: string
  child: ChildProcess
  /** HAProxy's own lines: servers going up or down, failed checks. */
  output: string[]
  states: () => Promise<ServerState[]>
  /** Resolves once the servers are in `status` after a check (not by HAProxy's first guess). */
  waitFor: (status: 'UP' | 'DOWN', names?: readonly string[], timeoutMs?: number) => Promise<void>
  close: () => Promise<void>
}

/** The template with its `server` lines replaced by one per address (`host:port`). */
export function haproxyConfig(template: string, servers: readonly string[]): string {
  const lines = template.split('\n')
  const first = lines.findIndex((line) => /^\s+server\s/.test(line))
  if (first < 0) throw new Error('deploy/haproxy.cfg has no server line')
  const indent = /^\s+/.exec(lines[first] ?? '')?.[0] ?? '    '
  const own = servers.map((address, index) => `${indent}server api${index + 1} ${address}`)
  const kept = lines.filter((line, index) => index < first || !/^\s+server\s/.test(line))
  kept.splice(first, 0, ...own)
  return kept.join('\n')
}

/** A TCP port free on `host` now (for HAProxy, which needs one before it starts). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, host, resolve)
  })
  const address = server.address()
  await new Promise((resolve) => server.close(resolve))
  if (address === null || typeof address === 'string') throw new Error('no TCP address')
  return address.port
}

function parseStats(csv: string): ServerState[] {
  const [header = '', ...rows] = csv.trim().split('\n')
  const columns = header.replace(/^# /, '').split(',')
  const at = (cells: string[], name: string) => cells[columns.indexOf(name)] ?? ''
  return rows
    .map((row) => row.split(','))
    .filter((cells) => at(cells, 'pxname') === 'api' && /^api\d+$/.test(at(cells, 'svname')))
    .map((cells) => ({
      name: at(cells, 'svname'),
      status: at(cells, 'status'),
      check: at(cells, 'check_status').replace(/^\* /, ''),
      responses5xx: Number(at(cells, 'hrsp_5xx')),
      sent: Number(at(cells, 'stot')),
    }))
}

export type HaproxyOptions = {
  /** The API processes, `host:port` each. */
  servers: readonly string[]
  /** Where clients connect: `host:port`. */
  bind: string
  /** HAProxy's stats and Prometheus listener: `host:port`. */
  statsBind: string
  /** Between two readiness checks of a process (`500ms`, `2s`). */
  checkInterval?: string
  /** Each chunk HAProxy writes (besides keeping it in `output`). */
  onOutput?: (text: string) => void
  /** In a process group of its own, out of reach of a terminal's Ctrl-C (its starter stops it). */
  detached?: boolean
}

/** Starts HAProxy and waits until every server has passed its readiness check. */
export async function startHaproxy(options: HaproxyOptions): Promise<Balancer> {
  if (!existsSync(haproxyPath)) {
    throw new Error(
      `HAProxy not found at ${haproxyPath}: run \`node scripts/setup/ensure-haproxy.ts\` as root (or set HAPROXY_PATH)`,
    )
  }
  const folder = await mkdtemp(join(tmpdir(), 'brand-expert-haproxy-'))
  const configFile = join(folder, 'haproxy.cfg')
  await writeFile(configFile, haproxyConfig(await readFile(templatePath, 'utf8'), options.servers))
  const child = spawn(haproxyPath, ['-db', '-f', configFile], {
    env: {
      ...process.env,
      HAPROXY_BIND: options.bind,
      HAPROXY_STATS_BIND: options.statsBind,
      CHECK_INTERVAL: options.checkInterval ?? '2s',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  })
  const output: string[] = []
  const collect = (chunk: Buffer) => {
    const text = chunk.toString('utf8')
    output.push(text)
    options.onOutput?.(text)
  }
  child.stdout.on('data', collect)
  child.stderr.on('data', collect)
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  let running = true
  void exited.then(() => {
    running = false
  })

  const statsUrl = `http://${options.statsBind}/stats;csv`
  const states = async () => parseStats(await (await fetch(statsUrl)).text())

  async function waitFor(status: 'UP' | 'DOWN', names?: readonly string[], timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs
    for (;;) {
      if (!running) throw new Error(`HAProxy ended:\n${output.join('')}`)
      const found = await states().catch(() => [])
      const watched = found.filter((server) => !names || names.includes(server.name))
      const expected = names?.length ?? options.servers.length
      const settled = (server: ServerState) =>
        server.status === status && server.check !== 'INI' && server.check !== ''
      if (watched.length === expected && watched.every(settled)) {
        return
      }
      if (Date.now() > deadline) {
        throw new Error(
          `HAProxy's servers not ${status} in ${timeoutMs} ms: ${JSON.stringify(watched)}\n${output.join('')}`,
        )
      }
      await sleep(100)
    }
  }

  const close = async () => {
    if (running) child.kill('SIGTERM')
    await exited
    await rm(folder, { recursive: true, force: true })
  }
  try {
    await waitFor('UP')
  } catch (error) {
    await close()
    throw error
  }
  // Clients reach a balancer bound to every address (`:3000`, `0.0.0.0:3000`) on loopback.
  const colon = options.bind.lastIndexOf(':')
  const host = options.bind.slice(0, colon)
  const clientHost = host === '' || host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host
  const url = `http://${clientHost}:${options.bind.slice(colon + 1)}`
  return { url, child, output, states, waitFor, close }
}
