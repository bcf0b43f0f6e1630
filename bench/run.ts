/**
 * `npm run bench`: runs every benchmark module (or `--only api,export,…`), prints each figure
 * against its budget (docs/quality.md), keeps the latest run of each module in
 * `bench/results.json` and `bench/README.md`, and exits 1 when a budget is missed. `--check`
 * writes nothing and exits 1 only for a size or a byte count, not a time (the gates of `npm
 * test`: `test:bundle`, `test:bytes`). A module is imported by name when its turn
 * comes: a missing or failing one is reported as a failed figure, and the others still run.
 */
import { cpus } from 'node:os'
import * as v from 'valibot'
import { figureSchema, type BenchModule, type Figure } from './figures.ts'
import { keepResults, type ModuleRun } from './results-file.ts'
import { benchFlag, benchOption } from './server.ts'

/** Every module, in the order they run: the browser figures first, the loads last. */
const moduleNames = [
  'bundle',
  'lighthouse',
  'wizard',
  'endurance',
  'offline-shell',
  'outbox-drain',
  'bad-hour',
  'first-morning',
  'update-cost',
  'api',
  'export',
  'cold-start',
  'api-suite',
] as const

const figuresSchema = v.array(figureSchema)
const moduleSchema = v.object({
  bench: v.object({ name: v.string(), run: v.function() }),
})

/** Imports `./<name>.ts` and checks that it exports `bench: BenchModule`. */
async function load(name: string): Promise<BenchModule> {
  const loaded: unknown = await import(`./${name}.ts`)
  const { bench } = v.parse(moduleSchema, loaded)
  return {
    name: bench.name,
    run: async (): Promise<Figure[]> => v.parse(figuresSchema, await bench.run()),
  }
}

function firstLine(error: unknown): string {
  const text = error instanceof Error ? error.message : JSON.stringify(error)
  return text.split('\n')[0] ?? text
}

/** Runs one module; a module that cannot be loaded or throws gives one failed figure. */
async function runModule(name: string): Promise<Figure[]> {
  let module: BenchModule
  try {
    module = await load(name)
  } catch (error) {
    return [
      {
        name: `${name}: module not loaded`,
        budget: '-',
        measured: firstLine(error),
        pass: false,
        note: `bench/${name}.ts must export bench: BenchModule (bench/figures.ts)`,
      },
    ]
  }
  try {
    return await module.run()
  } catch (error) {
    return [
      {
        name: `${name}: did not finish`,
        budget: '-',
        measured: firstLine(error),
        pass: false,
        note: error instanceof Error ? (error.stack ?? error.message) : JSON.stringify(error),
      },
    ]
  }
}

function passText(pass: boolean | null): string {
  if (pass === null) return '-'
  return pass ? 'yes' : 'NO'
}

/** The figures as a plain-text table, then their notes. */
function formatTable(figures: readonly Figure[]): string {
  const header = ['figure', 'budget', 'measured', 'pass']
  const rows = figures.map((figure, index) => [
    `${index + 1}. ${figure.name}`,
    figure.budget,
    figure.measured,
    passText(figure.pass),
  ])
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  )
  const line = (cells: readonly string[]) =>
    cells.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join(' | ')
  const notes = figures.flatMap((figure, index) =>
    figure.note === undefined ? [] : [`  ${index + 1}. ${figure.note}`],
  )
  return [
    line(header),
    widths.map((width) => '-'.repeat(width)).join('-|-'),
    ...rows.map(line),
    ...(notes.length > 0 ? ['', 'How each was measured:', ...notes] : []),
  ].join('\n')
}

function selectedModules(): readonly string[] {
  const only = benchOption('only')
  if (only === undefined) return moduleNames
  const names = only
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '')
  const known: readonly string[] = moduleNames
  const unknown = names.filter((name) => !known.includes(name))
  if (unknown.length > 0 || names.length === 0) {
    throw new Error(
      `--only takes names among ${moduleNames.join(', ')}; unknown: ${unknown.join(', ')}`,
    )
  }
  return moduleNames.filter((name) => names.includes(name))
}

async function main(): Promise<number> {
  let names: readonly string[]
  try {
    names = selectedModules()
  } catch (error) {
    console.error(firstLine(error))
    return 2
  }
  const figures: Figure[] = []
  const runs: Record<string, ModuleRun> = {}
  const machine = { cpus: cpus().length, node: process.version }
  for (const name of names) {
    console.info(`\n=== bench ${name} ===`)
    const started = performance.now()
    const produced = await runModule(name)
    console.info(
      `=== ${name}: ${produced.length} figures in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    )
    figures.push(...produced)
    runs[name] = { date: new Date().toISOString(), machine, figures: produced }
  }

  console.info(`\n${formatTable(figures)}\n`)
  const check = benchFlag('check')
  if (!check) {
    await keepResults(runs, moduleNames)
    console.info(
      `Kept in bench/results.json and bench/README.md (${machine.cpus} CPUs, Node ${machine.node}).`,
    )
  }
  const gated = (figure: Figure) => !(check && figure.timed)
  for (const figure of figures.filter((figure) => figure.pass === false && !gated(figure))) {
    console.info(
      `A time, which --check does not gate: ${figure.name}: measured ${figure.measured}, budget ${figure.budget}`,
    )
  }
  const failed = figures.filter((figure) => figure.pass === false && gated(figure))
  if (failed.length === 0) {
    console.info('Every budget is met.')
    return 0
  }
  console.error(`\n${failed.length} of ${figures.length} figures MISS their budget:`)
  for (const figure of failed) {
    console.error(`  FAIL ${figure.name}: measured ${figure.measured}, budget ${figure.budget}`)
  }
  return 1
}

process.exitCode = await main()
