/**
 * API under load: the real server as a child process on PostgreSQL, autocannon in this process
 * (a second process) on loopback, each scenario bounded in time. Voucher search by code, customer
 * search by an exact and a partial term, store search, trial submission, and a bare JSON route
 * (`GET /health/live`) measured in the same run, for the throughput ratio of docs/quality.md.
 * Each process serves its metrics (`METRICS_PORT`) and writes its logs, as in production.
 *
 *   node bench/run.ts --only api [--database-url postgres://…] [--duration 10] [--warmup 2]
 *     [--connections 50] [--partial-load-connections 10] [--trial-rate 1000] [--processes 2]
 *
 * `--processes 2` (or more) runs that many server processes behind HAProxy (deploy/haproxy.cfg, as
 * `npm run start:cluster` does) and sends every scenario, the bare route's too, through it
 * (docs/deploy.md has both runs' figures).
 *
 * The trials at a fixed rate are sent evenly spaced by `paced` (node:http), not by autocannon, whose
 * rate lets each connection send its quota of the second at full speed when the second begins.
 *
 * The partial search's budget is a latency (docs/quality.md anchors it to one query's time): its
 * p95 is measured with one client searching at a time, and again under the load of 10 clients at
 * once, which on two cores shared with PostgreSQL and the load generator is mostly queueing.
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import autocannon from 'autocannon'
import pg from 'pg'
import { apiBasePath, appHeader, appId, idempotencyHeader } from '../src/contract/http.ts'
import type { TrialBody } from '../src/contract/trial.ts'
import { guidedAnswers } from '../tests/support/trial-body.ts'
import { startHaproxy, type Balancer } from '../scripts/deploy/haproxy.ts'
import type { BenchModule, Figure } from './figures.ts'
import {
  benchDatabaseUrl,
  benchFlag,
  databaseLabel,
  freePort,
  numberOption,
  signIn,
  startServer,
  type RunningServer,
} from './server.ts'

type Method = 'GET' | 'POST'

/** One request of a scenario: a new one is asked for before every request sent. */
type NextRequest = () => { method: Method; path: string; body?: string; key?: string }

type Scenario = {
  name: string
  token: string | null
  connections: number
  /** Requests per second offered by all connections together; as fast as answered when unset. */
  overallRate?: number
  next: NextRequest
}

export type LoadResult = {
  responses: number
  ok: number
  non2xx: number
  /** Connection errors and timeouts. */
  errors: number
  seconds: number
  /** 2xx answers per second. */
  rps: number
  p50: number
  p95: number
  p99: number
  statuses: string
}

/** The nearest-rank percentile of sorted values. */
export function percentile(sorted: Float64Array, fraction: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.max(1, Math.ceil(fraction * sorted.length))
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN
}

/** The scenario's next request, with the app's headers, its token and its key. */
function nextRequest(scenario: Scenario) {
  const { method, path, body, key } = scenario.next()
  const headers: Record<string, string> = { [appHeader]: appId, Language: 'en' }
  if (scenario.token !== null) headers.Authorization = `Bearer ${scenario.token}`
  if (body !== undefined) headers['Content-Type'] = 'application/json'
  if (key !== undefined) headers[idempotencyHeader] = key
  return { method, path, headers, body }
}

/**
 * Runs one scenario for `seconds`, each connection sending its next request when the last is
 * answered, and measures every response's latency (ms, not rounded).
 */
async function load(url: string, scenario: Scenario, seconds: number): Promise<LoadResult> {
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  const options: autocannon.Options = {
    url,
    connections: scenario.connections,
    duration: seconds,
    requests: [
      {
        setupRequest: (request) => ({ ...request, ...nextRequest(scenario) }),
      },
    ],
  }
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(options, (error: unknown, done: autocannon.Result) => {
      if (error)
        reject(error instanceof Error ? error : new Error('autocannon failed', { cause: error }))
      else resolve(done)
    })
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      latencies.push(responseTime)
      statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1)
    })
  })
  return summarize(latencies, statuses, result.errors, result.duration)
}

/**
 * Runs one scenario at its `overallRate`, the requests sent evenly spaced (request i at i / rate
 * seconds) over at most `connections` kept-alive connections: an open load, as many tablets
 * sending on their own. autocannon's rate instead lets every connection send its quota of the
 * second at once when the second begins, a burst at full speed. A request's latency counts from
 * when it was due, so that a request kept waiting for a free connection counts its wait.
 */
async function paced(
  url: string,
  scenario: Scenario & { overallRate: number },
  seconds: number,
): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: scenario.connections })
  const latencies: number[] = []
  const statuses = new Map<number, number>()
  let errors = 0
  const total = Math.round(scenario.overallRate * seconds)
  const started = performance.now()
  const answered: Promise<void>[] = []
  const send = (dueAt: number) =>
    new Promise<void>((resolve) => {
      const { method, path, headers, body } = nextRequest(scenario)
      const request = http.request(`${url}${path}`, { method, agent, headers })
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => {
          latencies.push(performance.now() - dueAt)
          const code = response.statusCode ?? 0
          statuses.set(code, (statuses.get(code) ?? 0) + 1)
          resolve()
        })
      })
      request.on('error', () => {
        errors += 1
        resolve()
      })
      request.end(body)
    })
  let sent = 0
  while (sent < total) {
    const elapsed = performance.now() - started
    const due = Math.min(total, Math.floor((elapsed / 1000) * scenario.overallRate) + 1)
    for (; sent < due; sent += 1)
      answered.push(send(started + (sent * 1000) / scenario.overallRate))
    await new Promise((resolve) => setTimeout(resolve, 1))
  }
  await Promise.all(answered)
  const duration = (performance.now() - started) / 1000
  agent.destroy()
  return summarize(latencies, statuses, errors, duration)
}

/** The figures of a run from every response's latency (ms) and status. */
function summarize(
  latencies: number[],
  statuses: Map<number, number>,
  errors: number,
  seconds: number,
): LoadResult {
  const sorted = Float64Array.from(latencies).sort()
  const ok = [...statuses].reduce(
    (sum, [code, n]) => (code >= 200 && code < 300 ? sum + n : sum),
    0,
  )
  return {
    responses: latencies.length,
    ok,
    non2xx: latencies.length - ok,
    errors,
    seconds,
    rps: ok / seconds,
    p50: percentile(sorted, 0.5),
    p95: percentile(sorted, 0.95),
    p99: percentile(sorted, 0.99),
    statuses: [...statuses]
      .sort(([a], [b]) => a - b)
      .map(([code, n]) => `${code}: ${n}`)
      .join(', '),
  }
}

/** A scenario as fast as answered (autocannon), or at its rate, evenly spaced (`paced`). */
function runScenario(url: string, scenario: Scenario, seconds: number): Promise<LoadResult> {
  const { overallRate } = scenario
  return overallRate === undefined
    ? load(url, scenario, seconds)
    : paced(url, { ...scenario, overallRate }, seconds)
}

/** Cycles through a list, one item per call. */
function rotating<T>(items: readonly T[]): () => T {
  if (items.length === 0) throw new Error('nothing to rotate through')
  let index = 0
  return () => {
    const item = items[index % items.length]
    index += 1
    if (item === undefined) throw new Error('unreachable')
    return item
  }
}

const ms = (value: number) => `${value.toFixed(1)} ms`
const perSecond = (value: number) => `${Math.round(value).toLocaleString('en')} req/s`

function describe(result: LoadResult, scenario: Scenario, seconds: number, terms?: string) {
  const rate =
    scenario.overallRate === undefined
      ? ''
      : `, ${scenario.overallRate} req/s offered, evenly spaced (open load; latency from when each was due)`
  return (
    `p50 ${ms(result.p50)}, p95 ${ms(result.p95)}, p99 ${ms(result.p99)}, ${perSecond(result.rps)}, ` +
    `${result.non2xx} non-2xx, ${result.errors} connection errors; statuses ${result.statuses}; ` +
    `${scenario.connections} connections${rate}, ${seconds} s after a warm-up` +
    (terms === undefined ? '' : `; ${terms}`)
  )
}

/** A figure is failed by any answer that is not 2xx or any connection error, whatever its value. */
function clean(result: LoadResult): boolean {
  return result.non2xx === 0 && result.errors === 0 && result.ok > 0
}

type SearchTerms = {
  voucherCodes: string[]
  exactCustomerTerms: string[]
  partialCustomerTerms: string[]
  storeTerms: string[]
  storeId: number
  customers: number
  vouchers: number
}

/** Existing codes, phones, names and stores, sampled from the database, to rotate through. */
async function searchTerms(databaseUrl: string, sample: number): Promise<SearchTerms> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const counts = await client.query<{ customers: string; vouchers: string }>(
      'select (select count(*) from customers) as customers, (select count(*) from vouchers) as vouchers',
    )
    const vouchers = await client.query<{ code: string }>(
      'select code from vouchers order by random() limit $1',
      [sample],
    )
    const people = await client.query<{
      fullname: string
      email: string | null
      phone: string | null
      referral_code: string
    }>('select fullname, email, phone, referral_code from customers order by random() limit $1', [
      sample,
    ])
    const stores = await client.query<{ id: number; name: string; city: string }>(
      'select id, name, city from stores where archived_at is null order by id',
    )
    const exact: string[] = []
    const partial: string[] = []
    for (const [index, person] of people.rows.entries()) {
      // Exact: the whole phone number, else the referral code (its own unique index).
      exact.push(index % 2 === 0 && person.phone ? person.phone : person.referral_code)
      // Partial (3+ characters): a surname's first 4 letters, 6 middle digits of a phone, or the
      // first 5 characters of an email, in turn.
      const surname = person.fullname.split(' ').at(-1) ?? person.fullname
      const kinds = [
        surname.slice(0, 4),
        person.phone?.slice(4, 10),
        person.email?.slice(0, 5),
      ].filter((term): term is string => term !== undefined && term.length >= 3)
      const term = kinds[index % 3] ?? kinds[0]
      if (term !== undefined) partial.push(term)
    }
    const storeTerms = [
      ...new Set(
        stores.rows.flatMap((store) => [store.city, store.name.split(' ')[1] ?? store.name]),
      ),
    ]
    const first = stores.rows[0]
    if (!first) throw new Error('the database has no open store')
    return {
      voucherCodes: vouchers.rows.map((row) => row.code),
      exactCustomerTerms: exact,
      partialCustomerTerms: partial,
      storeTerms,
      storeId: first.id,
      customers: Number(counts.rows[0]?.customers ?? 0),
      vouchers: Number(counts.rows[0]?.vouchers ?? 0),
    }
  } finally {
    await client.end()
  }
}

/** Deletes the trials (and their idempotency keys) a user stored from `since` on. */
async function deleteTrialsSince(databaseUrl: string, email: string, since: Date): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl })
  await client.connect()
  try {
    const user = 'select id from users where email = $1'
    const trials = await client.query(
      `delete from trials where user_id = (${user}) and created_at >= $2`,
      [email, since],
    )
    await client.query(
      `delete from idempotency_keys where user_id = (${user}) and created_at >= $2`,
      [email, since],
    )
    console.info(`bench api: deleted the ${trials.rowCount ?? 0} trials posted`)
    // The deleted rows vacuumed and every change written out now, so that the next run and the
    // benchmarks after this one meet the tables as generated and a PostgreSQL with nothing to do.
    await client.query('vacuum analyze trials')
    await client.query('vacuum analyze idempotency_keys')
    // CHECKPOINT needs a superuser or pg_checkpoint; without, PostgreSQL writes out in its time.
    await client.query('checkpoint').catch((error: unknown) => {
      console.warn(`bench api: no checkpoint (${error instanceof Error ? error.message : ''})`)
    })
  } finally {
    await client.end()
  }
}

/**
 * Starts `count` server processes on the database (each with its metrics listener), pushing each
 * into `servers` as it starts so that the caller stops them whatever happens; answers the first's
 * URL and a label for the notes.
 */
async function startServers(
  servers: RunningServer[],
  count: number,
  { databaseUrl, dataDir }: { databaseUrl: string; dataDir: string },
): Promise<{ url: string; label: string }> {
  const jwtSecret = randomUUID() + randomUUID()
  for (let index = 0; index < count; index += 1) {
    const env = { METRICS_PORT: String(await freePort()), TRUSTED_PROXIES: '127.0.0.1' }
    const options = { databaseUrl, dataDir, seedDemo: true, jwtSecret, env }
    servers.push(await startServer(options))
  }
  const url = servers[0]?.url ?? ''
  const label = count > 1 ? `through HAProxy, ${count} processes` : 'one process, direct'
  return { url, label: `${label}, logs and metrics on` }
}

async function run(): Promise<Figure[]> {
  const databaseUrl = benchDatabaseUrl()
  const seconds = numberOption('duration', 10)
  const warmup = numberOption('warmup', 2)
  const connections = numberOption('connections', 50)
  const partialLoadConnections = numberOption('partial-load-connections', 10)
  const trialRate = numberOption('trial-rate', 1000)
  const processCount = numberOption('processes', 1)
  const terms = await searchTerms(databaseUrl, 2000)
  const database = `${databaseLabel(databaseUrl)} (${terms.customers.toLocaleString('en')} customers, ${terms.vouchers.toLocaleString('en')} vouchers)`

  const dataDir = await mkdtemp(join(tmpdir(), 'bench-api-'))
  // The trials posted are deleted afterwards (unless --keep-trials), so that the large data set
  // stays as generated and the export benchmark reads the same rows every time.
  const since = new Date(Date.now() - 1000)
  const servers: RunningServer[] = []
  let balancer: Balancer | undefined
  try {
    const { url, label } = await startServers(servers, processCount, { databaseUrl, dataDir })
    if (processCount > 1) {
      balancer = await startHaproxy({
        servers: servers.map((server) => new URL(server.url).host),
        bind: `127.0.0.1:${await freePort()}`,
        statsBind: `127.0.0.1:${await freePort()}`,
      })
    }
    const target = balancer?.url ?? url
    const where = `${label}; ${database}`
    const agent = await signIn(target, 'agent@example.rs')

    const get = (path: string) => ({ method: 'GET' as const, path: `${apiBasePath}${path}` })
    const query = (text: string) => encodeURIComponent(text)
    const nextCode = rotating(terms.voucherCodes)
    const nextExact = rotating(terms.exactCustomerTerms)
    const nextPartial = rotating(terms.partialCustomerTerms)
    const nextStore = rotating(terms.storeTerms)
    const partialSearch = () => get(`/customer/search?query=${query(nextPartial())}`)
    const trialBody = JSON.stringify({
      store_id: terms.storeId,
      comment: guidedAnswers(),
    } satisfies TrialBody)
    const postTrial: NextRequest = () => ({
      method: 'POST',
      path: `${apiBasePath}/free-guided/form`,
      body: trialBody,
      key: randomUUID(),
    })

    const scenarios = {
      bare: {
        name: 'GET /health/live',
        token: null,
        connections,
        next: () => get('/health/live'),
      },
      voucher: {
        name: 'GET /voucher/search',
        token: agent,
        connections,
        next: () => get(`/voucher/search?code=${query(nextCode())}`),
      },
      exact: {
        name: 'GET /customer/search (exact)',
        token: agent,
        connections,
        next: () => get(`/customer/search?query=${query(nextExact())}`),
      },
      partial: {
        name: 'GET /customer/search (partial)',
        token: agent,
        connections: 1,
        next: partialSearch,
      },
      partialLoad: {
        name: 'GET /customer/search (partial)',
        token: agent,
        connections: partialLoadConnections,
        next: partialSearch,
      },
      store: {
        name: 'GET /store/search',
        token: agent,
        connections,
        next: () => get(`/store/search?query=${query(nextStore())}`),
      },
      trialMax: { name: 'POST /free-guided/form', token: agent, connections, next: postTrial },
      trialRate: {
        name: 'POST /free-guided/form at a fixed rate',
        token: agent,
        connections,
        overallRate: trialRate,
        next: postTrial,
      },
    } satisfies Record<string, Scenario>

    const results = new Map<Scenario, LoadResult>()
    for (const scenario of Object.values(scenarios)) {
      console.info(`bench api: ${scenario.name}, ${scenario.connections} connections`)
      await runScenario(target, scenario, warmup)
      const result = await runScenario(target, scenario, seconds)
      console.info(`  ${describe(result, scenario, seconds)}`)
      results.set(scenario, result)
    }
    const resultOf = (scenario: Scenario) => {
      const result = results.get(scenario)
      if (!result) throw new Error(`${scenario.name} did not run`)
      return result
    }
    const bare = resultOf(scenarios.bare)
    const rotation = (what: string, count: number) =>
      `${count.toLocaleString('en')} ${what} rotated; ${where}`

    const figures: Figure[] = [
      {
        name: `bare JSON route ${scenarios.bare.name}, ${connections} connections`,
        budget: '(reference)',
        measured: perSecond(bare.rps),
        pass: clean(bare) ? null : false,
        note: describe(bare, scenarios.bare, seconds, `no database; ${label}`),
      },
    ]
    const searchFigures = (scenario: Scenario, what: string, count: number) => {
      const result = resultOf(scenario)
      const note = describe(result, scenario, seconds, rotation(what, count))
      const ratio = result.rps / bare.rps
      figures.push(
        {
          name: `${scenario.name} p99, ${scenario.connections} connections`,
          budget: '<= 20 ms',
          measured: ms(result.p99),
          pass: clean(result) && result.p99 <= 20,
          note,
        },
        {
          name: `${scenario.name} throughput / bare JSON route`,
          budget: '>= 40 % of bare JSON',
          measured: `${(ratio * 100).toFixed(0)} % (${perSecond(result.rps)} / ${perSecond(bare.rps)})`,
          pass: clean(result) && ratio >= 0.4,
          note,
        },
      )
    }
    searchFigures(scenarios.voucher, 'voucher codes', terms.voucherCodes.length)
    searchFigures(
      scenarios.exact,
      'whole phone numbers and referral codes',
      terms.exactCustomerTerms.length,
    )

    const partialTerms = rotation(
      'surname prefixes (4), phone fragments (6) and email prefixes (5)',
      terms.partialCustomerTerms.length,
    )
    const partial = resultOf(scenarios.partial)
    const partialLoad = resultOf(scenarios.partialLoad)
    figures.push(
      {
        name: `${scenarios.partial.name} p95, 3+ characters, one client at a time`,
        budget: '<= 30 ms',
        measured: ms(partial.p95),
        pass: clean(partial) && partial.p95 <= 30,
        note: describe(partial, scenarios.partial, seconds, partialTerms),
      },
      {
        name: `${scenarios.partial.name} p95, ${partialLoadConnections} clients at once`,
        budget: '(no budget)',
        measured: `${ms(partialLoad.p95)}, ${perSecond(partialLoad.rps)}`,
        pass: clean(partialLoad) ? null : false,
        note: describe(partialLoad, scenarios.partialLoad, seconds, partialTerms),
      },
    )

    const store = resultOf(scenarios.store)
    figures.push({
      name: `${scenarios.store.name} p99, ${connections} connections`,
      budget: '(no budget)',
      measured: `${ms(store.p99)}, ${perSecond(store.rps)}`,
      pass: clean(store) ? null : false,
      note: describe(
        store,
        scenarios.store,
        seconds,
        rotation('city and store-name words', terms.storeTerms.length),
      ),
    })

    const trialMax = resultOf(scenarios.trialMax)
    const trialAtRate = resultOf(scenarios.trialRate)
    const trialNote = `guided trials of an agent, a new Idempotency-Key each, ${benchFlag('keep-trials') ? 'kept' : 'deleted afterwards'}`
    figures.push(
      {
        name: `${scenarios.trialMax.name} throughput, ${connections} connections`,
        budget: '>= 1,000 trials/s',
        measured: `${Math.round(trialMax.rps).toLocaleString('en')} trials/s`,
        pass: clean(trialMax) && trialMax.rps >= 1000,
        note: describe(trialMax, scenarios.trialMax, seconds, `${trialNote}; ${where}`),
      },
      {
        name: `${scenarios.trialMax.name} p99 at ${trialRate.toLocaleString('en')} trials/s offered`,
        budget: '<= 50 ms',
        measured: ms(trialAtRate.p99),
        pass: clean(trialAtRate) && trialAtRate.p99 <= 50,
        note: describe(trialAtRate, scenarios.trialRate, seconds, `${trialNote}; ${where}`),
      },
    )
    return figures
  } finally {
    await balancer?.close()
    await Promise.all(servers.map((server) => server.stop()))
    await rm(dataDir, { recursive: true, force: true })
    if (!benchFlag('keep-trials')) await deleteTrialsSince(databaseUrl, 'agent@example.rs', since)
  }
}

export const bench: BenchModule = { name: 'api', run }
