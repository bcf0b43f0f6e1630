import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, normalize, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { ESLint } from 'eslint'
import packageJson from '../../package.json' with { type: 'json' }

// The project's own lint configuration, run on a text placed at a path inside the app: only the
// boundary rule, without the type information the other rules need (it takes half a minute).
const eslint = new ESLint({
  cwd: new URL('../..', import.meta.url).pathname,
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
})

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'import-x/no-restricted-paths')
    .map((message) => message.message)
}

describe('import boundaries', { timeout: 20_000 }, () => {
  it('refuses a feature importing another feature', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      "export { voucherStatusTone } from '../vouchers/voucher-status.ts'\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature imports no other feature')])
  })

  it('lets a feature import its own files and the shared layers', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      [
        "export { userKeys } from './user-queries.ts'",
        "export { nextPage } from '../../api/paging.ts'",
        "export { RecordTable } from '../../ui/record-table.tsx'",
        "export { idParams } from '../../routing/route-params.ts'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })

  it('refuses a shared layer importing a feature or the app shell', async () => {
    const errors = await boundaryErrors(
      'src/ui/cx.ts',
      [
        "export { userKeys } from '../features/users/user-queries.ts'",
        "export { NotFound } from '../app/not-found.tsx'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([
      expect.stringContaining('The shared layers import no feature'),
      expect.stringContaining('The shared layers import no feature'),
    ])
  })

  it('refuses a feature importing the app shell', async () => {
    const errors = await boundaryErrors(
      'src/features/users/user-roles.ts',
      "export { NotFound } from '../../app/not-found.tsx'\n",
    )
    expect(errors).toEqual([expect.stringContaining('A feature imports neither the app shell')])
  })

  it('refuses the API client importing the other shared layers, which import it', async () => {
    const errors = await boundaryErrors(
      'src/api/client.ts',
      [
        "export { orNotFound } from '../routing/or-not-found.ts'",
        "export { outboxDb } from '../offline/database.ts'",
        "export { Button } from '../ui/button.tsx'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([
      expect.stringContaining('src/api is the floor of the shared layers'),
      expect.stringContaining('src/api is the floor of the shared layers'),
      expect.stringContaining('src/api is the floor of the shared layers'),
    ])
    expect(
      await boundaryErrors(
        'src/routing/or-not-found.ts',
        "export { ApiError } from '../api/api-error.ts'\n",
      ),
    ).toEqual([])
  })

  it('refuses server/db importing the demo data or a route', async () => {
    const errors = await boundaryErrors(
      'server/db/database.ts',
      [
        "export { seedDemo } from '../demo/seed.ts'",
        "export { customerRoutes } from '../routes/customers/routes.ts'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([
      expect.stringContaining('server/db is the floor of the server'),
      expect.stringContaining('server/db is the floor of the server'),
    ])
    expect(
      await boundaryErrors('server/demo/seed.ts', "export { rowsOf } from '../db/raw-rows.ts'\n"),
    ).toEqual([])
  })

  it('lets a route compose several features and the shell', async () => {
    const errors = await boundaryErrors(
      'src/routes/_app/settings.tsx',
      [
        "export { ProfileCard } from '../../features/settings/profile-card.tsx'",
        "export { CheckOutCard } from '../../features/stores/check-out-card.tsx'",
        "export { NotFound } from '../../app/not-found.tsx'",
        '',
      ].join('\n'),
    )
    expect(errors).toEqual([])
  })
})

const root = fileURLToPath(new URL('../..', import.meta.url))

/** package.json's `imports` (`#contract/*`): the names the sources use for paths. */
const importAliases = Object.entries(packageJson.imports)

/** The TypeScript files under `folders`, by their path from the root, with their text. */
function sourcesUnder(folders: string[]): Map<string, string> {
  const files = folders.flatMap((folder) =>
    readdirSync(join(root, folder), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
      .map((entry) => relative(root, join(entry.parentPath, entry.name))),
  )
  return new Map(files.map((file) => [file, readFileSync(join(root, file), 'utf8')]))
}

/** The file among `files` that `specifier`, written in `from`, names; undefined for a package. */
function resolveImport(files: Map<string, string>, from: string, specifier: string) {
  let path: string | undefined
  if (specifier.startsWith('.')) path = join(dirname(from), specifier)
  for (const [alias, target] of importAliases) {
    const [prefix = alias] = alias.split('*')
    if (alias === specifier || (alias.endsWith('*') && specifier.startsWith(prefix))) {
      path = normalize(target.replace('*', specifier.slice(prefix.length)))
    }
  }
  // The router's generated tree names its routes without their extension.
  return [path, `${path}.ts`, `${path}.tsx`].find((file) => file && files.has(file))
}

/**
 * Each file's imports among `files`: types, re-exports and lazy `import()` too, since a circle of
 * them also ties the two files together (lint's import-x/no-cycle passes over type imports).
 */
function importGraph(files: Map<string, string>): Map<string, string[]> {
  return new Map(
    [...files].map(([file, text]) => [
      file,
      ts
        .preProcessFile(text, true, true)
        .importedFiles.map((imported) => resolveImport(files, file, imported.fileName))
        .filter((target) => target !== undefined),
    ]),
  )
}

/** The circles of `graph`: each group of files that import one another, round, sorted. */
function circles(graph: Map<string, string[]>): string[][] {
  // Tarjan's strongly connected components.
  const order = new Map<string, number>()
  const lowest = new Map<string, number>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    const index = order.size
    order.set(file, index)
    lowest.set(file, index)
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      if (!order.has(next)) visit(next)
      if (stack.includes(next)) {
        lowest.set(file, Math.min(lowest.get(file) ?? index, lowest.get(next) ?? index))
      }
    }
    if (lowest.get(file) !== index) return
    const group = stack.splice(stack.indexOf(file))
    if (group.length > 1 || graph.get(file)?.includes(file)) found.push(group.sort())
  }
  for (const file of graph.keys()) if (!order.has(file)) visit(file)
  return found
}

describe('import circles', () => {
  it('finds two files that import each other, by a type or lazily', () => {
    const files = new Map([
      ['src/a/gate.tsx', "const screen = () => import('./screen.tsx')\n"],
      ['src/a/screen.tsx', "import type { Props } from './gate.tsx'\n"],
      ['src/a/state.ts', "import type { Contract } from '#contract/roles.ts'\n"],
      ['src/contract/roles.ts', "import { state } from '../a/state.ts'\n"],
      ['src/a/alone.ts', "import { lazy } from 'react'\n"],
    ])
    expect(circles(importGraph(files))).toEqual([
      ['src/a/gate.tsx', 'src/a/screen.tsx'],
      ['src/a/state.ts', 'src/contract/roles.ts'],
    ])
  })

  it('finds none among the PWA and the server', () => {
    expect(circles(importGraph(sourcesUnder(['src', 'server'])))).toEqual([])
  })
})
