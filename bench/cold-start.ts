/**
 * Cold start with the embedded database: the time from spawning `node server/main.ts` to its
 * first `GET /api/v1/ready` 200, on a built tree (`dist/`), with PGlite and the demo seed as
 * `npm start` has them on a fresh machine. Three starts on a fresh empty data folder each, then
 * three on an existing one (the folder of the first fresh start); the median of each.
 *
 *   node bench/run.ts --only cold-start [--cold-runs 3]
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { templatePaths } from '../server/db/pglite-template.ts'
import type { BenchModule, Figure } from './figures.ts'
import { ensureBuilt, numberOption, serverArgs, startServer } from './server.ts'

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  const high = sorted[middle] ?? Number.NaN
  if (sorted.length % 2 === 1) return high
  return ((sorted[middle - 1] ?? high) + high) / 2
}

type Start = { healthy: number; seeded: number | undefined; listening: number | undefined }

/** Starts the server on PGlite in `dataDir`, stops it, and answers when it was healthy (ms). */
async function startOnce(dataDir: string): Promise<Start> {
  const server = await startServer({ dataDir, seedDemo: true, timeoutMs: 60_000 })
  await server.stop()
  return {
    healthy: server.healthyAfterMs,
    seeded: server.wroteAfterMs('Seeded the demo data'),
    listening: server.wroteAfterMs('listening on'),
  }
}

/** `4.10 s (seeded 3.20 s, listening 4.05 s)`: when main.ts said so, for where the time goes. */
function described(start: Start): string {
  const marks = [
    start.seeded === undefined ? undefined : `seeded at ${seconds(start.seeded)}`,
    start.listening === undefined ? undefined : `listening at ${seconds(start.listening)}`,
  ].filter((mark) => mark !== undefined)
  return `${seconds(start.healthy)}${marks.length > 0 ? ` (${marks.join(', ')})` : ''}`
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function run(): Promise<Figure[]> {
  const runs = numberOption('cold-runs', 3)
  const builtNow = ensureBuilt()
  const built = builtNow
    ? 'dist/ was missing: `npm run build` ran once first'
    : 'on the built tree (dist/)'
  const folders: string[] = []
  try {
    const fresh: Start[] = []
    for (let index = 0; index < runs; index += 1) {
      const dataDir = await mkdtemp(join(tmpdir(), 'bench-cold-'))
      folders.push(dataDir)
      const start = await startOnce(dataDir)
      fresh.push(start)
      console.info(`bench cold-start: fresh folder, run ${index + 1}: ${described(start)}`)
    }
    const existingFolder = folders[0]
    if (existingFolder === undefined) throw new Error('--cold-runs must be at least 1')
    const existing: Start[] = []
    for (let index = 0; index < runs; index += 1) {
      const start = await startOnce(existingFolder)
      existing.push(start)
      console.info(`bench cold-start: existing folder, run ${index + 1}: ${described(start)}`)
    }
    const template = existsSync(templatePaths().folder)
      ? "a new cluster starts from the build's migrated template"
      : 'no migrated template in .build/ (initdb and migrations run)'
    const note = (what: string, starts: readonly Start[]) =>
      `node ${serverArgs.join(' ')}, PGlite in ${what}, SEED_DEMO=true, ${built}, ${template}; spawn to first GET /api/v1/ready 200 (polled every 10 ms); runs ${starts.map(described).join(', ')}`
    const freshMedian = median(fresh.map((start) => start.healthy))
    const existingMedian = median(existing.map((start) => start.healthy))
    return [
      {
        name: 'cold start, embedded database, fresh data folder (new cluster + demo seed)',
        budget: '<= 3 s',
        measured: `${seconds(freshMedian)} (median of ${runs})`,
        pass: freshMedian <= 3000,
        note: note('a new empty folder each time', fresh),
      },
      {
        name: 'cold start, embedded database, existing data folder',
        budget: '<= 3 s',
        measured: `${seconds(existingMedian)} (median of ${runs})`,
        pass: existingMedian <= 3000,
        note: note('the folder of the first fresh start', existing),
      },
    ]
  } finally {
    for (const folder of folders) await rm(folder, { recursive: true, force: true })
  }
}

export const bench: BenchModule = { name: 'cold-start', run }
