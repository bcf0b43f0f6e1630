/**
 * Report export: `POST /report/generate { type: 'trials', format: 'csv' }` over a date range that
 * holds at least 100,000 trials, as an admin, against the real server as a child process on
 * PostgreSQL. Measures the time to the last byte, the rows in the file (they must be the trials in
 * the range), and the server's memory growth: its RSS (`VmRSS` of /proc) sampled every 100 ms
 * during the export, against the RSS just before it.
 *
 *   node bench/run.ts --only export [--database-url postgres://…] [--export-rows 100000]
 *     [--export-runs 3] [--fill-trials]
 *
 * `--fill-trials` first inserts the trials missing to reach `--export-rows` (one INSERT … SELECT
 * generate_series, spread over the last days): for a scratch database, never for brand_large.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import pg from 'pg'
import { apiBasePath, appHeader, appId } from '../src/contract/http.ts'
import { guidedAnswers } from '../tests/support/trial-body.ts'
import type { BenchModule, Figure } from './figures.ts'
import {
  benchDatabaseUrl,
  benchFlag,
  databaseLabel,
  numberOption,
  signIn,
  startServer,
  type RunningServer,
} from './server.ts'

/** The stores' time zone, as the server reads it (server/config.ts). */
const timeZone = process.env.TIME_ZONE ?? 'Europe/Belgrade'
const megabyte = 1024 * 1024

type Range = { startAt: string; endAt: string; trials: number }

/** Inserts synthetic guided trials of the demo agent until the table holds `target`. */
async function fillTrials(client: pg.Client, target: number): Promise<number> {
  const total = await client.query<{ n: number }>('select count(*)::int as n from trials')
  const missing = target - (total.rows[0]?.n ?? 0)
  if (missing <= 0) return 0
  await client.query(
    `insert into trials (user_id, store_id, kind, answers, gender, age_range, shopping, email, phone, created_at, received_at, captured_at)
     select u.id, s.id, 'guided', $1::jsonb, 'female', '25-34', 'yes', 'kupac@example.rs',
            '+381641112233', t.at, t.at, t.at
     from generate_series(1, $2::int) as g,
          lateral (select now() - make_interval(secs => g * 30) as at) as t,
          (select id from users where email = 'agent@example.rs') as u,
          (select id from stores where archived_at is null order by id limit 1) as s`,
    [JSON.stringify(guidedAnswers()), missing],
  )
  return missing
}

/**
 * The shortest range of whole days (the stores' days), ending on the last day with trials, that
 * holds at least `target` trials; null when the table holds fewer.
 */
async function rangeOf(client: pg.Client, target: number): Promise<Range | null> {
  const days = await client.query<{ day: string; n: number }>(
    `select (captured_at at time zone $1)::date::text as day, count(*)::int as n
     from trials group by 1 order by 1 desc`,
    [timeZone],
  )
  const endAt = days.rows[0]?.day
  if (endAt === undefined) return null
  let trials = 0
  for (const { day, n } of days.rows) {
    trials += n
    if (trials >= target) return { startAt: day, endAt, trials }
  }
  return null
}

/** Counts CSV records: line ends outside quoted fields (UTF-8 never puts `"` or LF in a sequence). */
function recordCounter() {
  const quote = 0x22
  const lineFeed = 0x0a
  let quoted = false
  let records = 0
  return {
    add(bytes: Uint8Array) {
      let at = 0
      while (at < bytes.length) {
        const nextQuote = bytes.indexOf(quote, at)
        if (quoted) {
          if (nextQuote < 0) return
          quoted = false
          at = nextQuote + 1
          continue
        }
        const nextLine = bytes.indexOf(lineFeed, at)
        if (nextLine >= 0 && (nextQuote < 0 || nextLine < nextQuote)) {
          records += 1
          at = nextLine + 1
        } else if (nextQuote >= 0) {
          quoted = true
          at = nextQuote + 1
        } else {
          return
        }
      }
    },
    get records() {
      return records
    },
  }
}

type ExportRun = {
  seconds: number
  rows: number
  bytes: number
  status: number
  growth: number
  /** The server's RSS just before the run, and its highest during it. */
  before: number
  peak: number
}

/** One export: time to the last byte, data rows, and the peak RSS growth during it. */
async function exportOnce(server: RunningServer, token: string, range: Range): Promise<ExportRun> {
  await sleep(500)
  const before = await server.rss()
  let peak = before
  const sampler = setInterval(() => {
    server.rss().then(
      (rss) => {
        peak = Math.max(peak, rss)
      },
      () => undefined,
    )
  }, 100)
  try {
    const started = performance.now()
    const response = await fetch(`${server.url}${apiBasePath}/report/generate`, {
      method: 'POST',
      headers: {
        [appHeader]: appId,
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Language: 'en',
      },
      body: JSON.stringify({
        type: 'trials',
        format: 'csv',
        startAt: range.startAt,
        endAt: range.endAt,
      }),
    })
    const counter = recordCounter()
    let bytes = 0
    if (response.body) {
      for await (const chunk of response.body) {
        bytes += chunk.byteLength
        counter.add(chunk)
      }
    }
    const seconds = (performance.now() - started) / 1000
    peak = Math.max(peak, await server.rss())
    // The first record is the header row.
    return {
      seconds,
      rows: Math.max(0, counter.records - 1),
      bytes,
      status: response.status,
      growth: peak - before,
      before,
      peak,
    }
  } finally {
    clearInterval(sampler)
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const high = sorted[middle] ?? Number.NaN
  if (sorted.length % 2 === 1) return high
  return ((sorted[middle - 1] ?? high) + high) / 2
}

async function run(): Promise<Figure[]> {
  const databaseUrl = benchDatabaseUrl()
  const target = numberOption('export-rows', 100_000)
  const runs = numberOption('export-runs', 3)
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-export-'))
  const client = new pg.Client({ connectionString: databaseUrl })
  let server: RunningServer | undefined
  try {
    server = await startServer({ databaseUrl, dataDir, seedDemo: true })
    const token = await signIn(server.url, 'admin@example.com')
    await client.connect()
    const filled = benchFlag('fill-trials') ? await fillTrials(client, target) : 0
    const range = await rangeOf(client, target)
    const where = `${databaseLabel(databaseUrl)}${filled > 0 ? `, ${filled.toLocaleString('en')} synthetic trials inserted first` : ''}`
    if (!range) {
      const note = `${where} holds fewer than ${target.toLocaleString('en')} trials: seed it (npm run seed:large) or pass --fill-trials on a scratch database`
      return [
        {
          name: `report export, ${target.toLocaleString('en')} trials to CSV`,
          budget: '<= 10 s',
          measured: 'not enough trials',
          pass: false,
          note,
        },
      ]
    }

    const results: ExportRun[] = []
    for (let index = 0; index < runs; index += 1) {
      const result = await exportOnce(server, token, range)
      console.info(
        `bench export: run ${index + 1}: ${result.status}, ${result.rows} rows, ` +
          `${(result.bytes / megabyte).toFixed(1)} MB in ${result.seconds.toFixed(2)} s, ` +
          `RSS +${(result.growth / megabyte).toFixed(1)} MB`,
      )
      results.push(result)
    }
    const seconds = median(results.map((result) => result.seconds))
    const growth = Math.max(...results.map((result) => result.growth))
    const complete = results.every(
      (result) => result.status === 200 && result.rows === range.trials,
    )
    const rows = results.map((result) => result.rows.toLocaleString('en')).join(', ')
    const note =
      `${runs} runs of POST /report/generate {type: trials, format: csv, startAt: ${range.startAt}, ` +
      `endAt: ${range.endAt}} as admin; ${range.trials.toLocaleString('en')} trials in the range, ` +
      `rows in the files: ${rows}; statuses ${results.map((result) => result.status).join(', ')}; ` +
      `${(median(results.map((result) => result.bytes)) / megabyte).toFixed(1)} MB each; ` +
      `times ${results.map((result) => `${result.seconds.toFixed(2)} s`).join(', ')}; ` +
      `RSS growth ${results.map((result) => `${(result.growth / megabyte).toFixed(1)} MB`).join(', ')} ` +
      `(VmRSS every 100 ms against the RSS just before each run; before -> peak: ` +
      `${results.map((result) => `${(result.before / megabyte).toFixed(0)} -> ${(result.peak / megabyte).toFixed(0)} MB`).join(', ')}); ${where}`
    return [
      {
        name: `report export, ${range.trials.toLocaleString('en')} trials to CSV, time to last byte`,
        budget: '<= 10 s',
        measured: `${seconds.toFixed(2)} s (median)`,
        pass: complete && seconds <= 10,
        note,
      },
      {
        name: 'report export, server memory growth (RSS)',
        budget: '<= 100 MB',
        measured: `${(growth / megabyte).toFixed(1)} MB (max of ${runs})`,
        pass: complete && growth <= 100 * megabyte,
        note,
      },
    ]
  } finally {
    await client.end()
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

export const bench: BenchModule = { name: 'export', run }
