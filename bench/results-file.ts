/**
 * `bench/results.json` keeps the latest run of each benchmark module, and `bench/README.md` is
 * written from it: a run of some modules (`--only`) replaces theirs and keeps the others'.
 */
import { readFile, writeFile } from 'node:fs/promises'
import * as v from 'valibot'
import { figureSchema } from './figures.ts'

const moduleRunSchema = v.object({
  date: v.string(),
  machine: v.object({ cpus: v.number(), node: v.string() }),
  figures: v.array(figureSchema),
})
export type ModuleRun = v.InferOutput<typeof moduleRunSchema>

const resultsSchema = v.object({ modules: v.record(v.string(), moduleRunSchema) })
export type Results = v.InferOutput<typeof resultsSchema>

const resultsFile = new URL('./results.json', import.meta.url)
const readmeFile = new URL('./README.md', import.meta.url)

/** The results kept so far; none when the file is missing or of an older shape. */
export async function readResults(): Promise<Results> {
  try {
    const parsed = v.safeParse(resultsSchema, JSON.parse(await readFile(resultsFile, 'utf8')))
    return parsed.success ? parsed.output : { modules: {} }
  } catch {
    return { modules: {} }
  }
}

/** Keeps these module runs in place of their previous ones, and writes both files. */
export async function keepResults(
  runs: Record<string, ModuleRun>,
  order: readonly string[],
): Promise<void> {
  const kept = await readResults()
  const modules: Record<string, ModuleRun> = {}
  for (const name of order) {
    const run = runs[name] ?? kept.modules[name]
    if (run) modules[name] = run
  }
  const results: Results = { modules }
  await writeFile(resultsFile, `${JSON.stringify(results, null, 2)}\n`)
  await writeFile(readmeFile, benchReadme(results))
}

function cell(text: string): string {
  return text.replaceAll('|', '\\|').replaceAll('\n', ' ')
}

function met(pass: boolean | null): string {
  if (pass === null) return '-'
  return pass ? 'yes' : '**no**'
}

/** The README: how to run the benchmarks, then each module's latest figures against budgets. */
export function benchReadme({ modules }: Results): string {
  const lines = [
    '# Benchmarks',
    '',
    '<!-- Written by `npm run bench` from `bench/results.json`; do not edit by hand. -->',
    '',
    'The budgets and how each figure is measured are in [docs/quality.md](../docs/quality.md).',
    '`npm run bench` runs every module (`npm run bench -- --only bundle,wizard` some of them),',
    'prints each figure against its budget, and keeps the latest run of each module here. The',
    'load figures need the large data set first (`npm run seed:large`). Figures that are times',
    "depend on the machine's speed, which varies two to four times between hours on the shared",
    'machines this project is built on: compare two builds alternated in one run, never figures',
    'of different runs. Sizes (the bundle budgets) are deterministic and gate `npm test`.',
    '',
  ]
  for (const [name, run] of Object.entries(modules)) {
    const day = run.date.slice(0, 10)
    lines.push(
      `## ${name}`,
      '',
      `Run on ${day}, ${run.machine.cpus} CPUs, Node ${run.machine.node}.`,
      '',
    )
    lines.push('| figure | budget | measured | met |', '| --- | --- | --- | --- |')
    for (const figure of run.figures) {
      lines.push(
        `| ${cell(figure.name)} | ${cell(figure.budget)} | ${cell(figure.measured)} | ${met(figure.pass)} |`,
      )
    }
    const notes = run.figures.filter((figure) => figure.note !== undefined)
    if (notes.length > 0) {
      lines.push('', 'How:', '')
      for (const figure of notes) lines.push(`- ${cell(figure.name)}: ${cell(figure.note ?? '')}`)
    }
    lines.push('')
  }
  return lines.join('\n')
}
