/**
 * The API suite's wall time as `npm test` runs it (files side by side, each on copies of a migrated
 * template database) against the serial configuration (one file at a time, each migrating its own
 * databases from empty: `--no-file-parallelism` with `API_TEST_DATABASES=migrate`), both measured
 * in this run and alternated, so that the machine's load weighs on both alike.
 *
 *   node bench/run.ts --only api-suite [--api-suite-runs 1]
 *
 * It runs on PGlite, and on PostgreSQL too when `TEST_DATABASE_URL` is set (as `.ci/run` sets it).
 */
import { spawn } from 'node:child_process'
import type { BenchModule, Figure } from './figures.ts'
import { median } from './browser.ts'
import { numberOption, projectDir } from './server.ts'

type Configuration = { name: string; args: readonly string[]; env: Record<string, string> }

const parallel: Configuration = { name: 'side by side', args: [], env: {} }
const serial: Configuration = {
  name: 'serial',
  args: ['--no-file-parallelism'],
  env: { API_TEST_DATABASES: 'migrate' },
}

type Run = { seconds: number; tests: string }

/** One run of the suite: its wall time, and vitest's own count of tests (they must pass). */
function runSuite(configuration: Configuration): Promise<Run> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      ['node_modules/vitest/vitest.mjs', 'run', '--project', 'api', ...configuration.args],
      {
        cwd: projectDir,
        env: { ...process.env, ...configuration.env, NO_COLOR: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => {
      const seconds = (performance.now() - started) / 1000
      const tests = /Tests\s+(.+)/.exec(output)?.[1]?.trim() ?? '?'
      const failed = [...new Set(output.match(/FAIL .+/g) ?? [])].slice(0, 5).join('; ')
      if (code !== 0)
        reject(new Error(`${configuration.name}: the suite failed (${tests}): ${failed}`))
      else resolve({ seconds, tests })
    })
  })
}

async function run(): Promise<Figure[]> {
  const runs = numberOption('api-suite-runs', 1)
  const times = { parallel: [] as number[], serial: [] as number[] }
  let tests = ''
  for (let index = 0; index < runs; index++) {
    const a = await runSuite(parallel)
    const b = await runSuite(serial)
    times.parallel.push(a.seconds)
    times.serial.push(b.seconds)
    tests = a.tests
  }
  const ratio = median(times.parallel) / median(times.serial)
  const seconds = (list: number[]) => list.map((value) => `${value.toFixed(1)} s`).join(', ')
  return [
    {
      name: "API suite's wall time, side by side against serial",
      budget: '<= 60 % of serial',
      measured: `${(ratio * 100).toFixed(0)} %`,
      pass: ratio <= 0.6,
      note: `side by side (3 workers, template copies): ${seconds(times.parallel)}; serial (one file at a time, each database migrated): ${seconds(times.serial)}; ${runs} run(s) of each, alternated; ${tests}; ${process.env.TEST_DATABASE_URL ? 'PGlite and PostgreSQL' : 'PGlite only'}`,
    },
  ]
}

export const bench: BenchModule = { name: 'api-suite', run }
