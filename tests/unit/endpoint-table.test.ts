import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { routeOf } from '../../src/contract/endpoint.ts'
import { endpointTable } from '../../src/contract/endpoints/all.ts'
import { apiBasePath } from '../../src/contract/http.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const tableDir = 'src/contract/endpoints/'

function sourcesUnder(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith(tableDir) && !file.endsWith('routeTree.gen.ts'))
}

const apiPaths = endpointTable.filter(({ entry }) => !entry.root).map(({ entry }) => entry.path)

/**
 * Whether a literal's text names an API path: under `/api/v1`, or as the table writes it, or
 * without its first slash where that cannot be a word of its own (`user/login`, not `me`).
 */
function namesApiPath(text: string): boolean {
  if (text.startsWith(`${apiBasePath}/`)) return true
  return apiPaths.some(
    (path) => text === path || (path.lastIndexOf('/') > 0 && text === path.slice(1)),
  )
}

/** Every string and template part written in a file, from its syntax tree. */
function literalsOf(file: string): string[] {
  const source = ts.createSourceFile(
    file,
    readFileSync(join(root, file), 'utf8'),
    ts.ScriptTarget.Latest,
  )
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node)) found.push(node.text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

describe('the endpoint table', () => {
  it('names each endpoint once, with a policy, a summary, an answer and its path params read', () => {
    const routes = endpointTable.map(({ entry }) => routeOf(entry))
    expect(new Set(routes).size).toBe(routes.length)
    for (const { name, entry } of endpointTable) {
      expect(entry.policy.allow.length, name).toBeGreaterThan(0)
      expect(entry.summary, name).not.toBe('')
      expect(entry.answer, name).toBeDefined()
      const params = [...entry.path.matchAll(/:(\w+)/g)].map((match) => match[1])
      expect(Object.keys(entry.params?.entries ?? {}), name).toEqual(params)
    }
  })

  it('is the only place in src/ and server/ that writes an API path', () => {
    const written = ['src', 'server'].flatMap((dir) =>
      sourcesUnder(dir).flatMap((file) =>
        literalsOf(file)
          .filter(namesApiPath)
          .map((text) => `${file}: '${text}'`),
      ),
    )
    expect(written).toEqual([])
  })

  it('would find a path written outside it', () => {
    expect(namesApiPath('voucher/submit')).toBe(true)
    expect(namesApiPath('/customer/:id/trials')).toBe(true)
    expect(namesApiPath(`${apiBasePath}/anything`)).toBe(true)
    expect(namesApiPath('/customers')).toBe(false)
  })
})
