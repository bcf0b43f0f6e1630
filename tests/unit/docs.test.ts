import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const skipped = new Set(['node_modules', 'dist', '.git', '.data', '.build', 'test-results'])

/** Every file under `folder` (relative to the root), without the build's and the tools' folders. */
function filesUnder(folder: string): string[] {
  const found: string[] = []
  const walk = (path: string) => {
    for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
      if (skipped.has(entry.name)) continue
      const child = join(path, entry.name)
      if (entry.isDirectory()) walk(child)
      else found.push(child)
    }
  }
  walk(folder)
  return found
}

const documents = ['README.md', 'bench/README.md', ...filesUnder('docs')].filter((path) =>
  path.endsWith('.md'),
)
/** The code, with the tools' configurations at the root and the CI script. */
const sources = [
  ...['src', 'server', 'sw', 'scripts', 'bench', 'tests'].flatMap(filesUnder),
  ...readdirSync(root).filter((name) => statSync(join(root, name)).isFile()),
  '.ci/run',
].filter((path) => /\.(ts|tsx|css|sh|js)$/.test(path) || path === '.ci/run')

/** A heading's anchor as GitHub makes it. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-')
}

function anchorsOf(path: string): Set<string> {
  const text = readFileSync(join(root, path), 'utf8')
  const headings = [...text.matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1] ?? ''))
  return new Set(headings)
}

/** Whether `target` (a path, maybe with `#anchor`) names an existing file and heading. */
function resolves(from: string, target: string): boolean {
  const [path = '', anchor] = target.split('#')
  const file = path === '' ? from : relative(root, resolve(join(root, dirname(from)), path))
  if (!existsSync(join(root, file))) return false
  if (anchor === undefined || statSync(join(root, file)).isDirectory()) return true
  return anchorsOf(file).has(anchor)
}

describe('the documents', () => {
  it('link only to files and headings that exist', () => {
    const broken: string[] = []
    for (const document of documents) {
      const text = readFileSync(join(root, document), 'utf8')
      for (const match of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = match[1] ?? ''
        if (/^[a-z]+:/.test(target)) continue
        if (!resolves(document, target)) broken.push(`${document} -> ${target}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('are cited by the code with anchors that exist', () => {
    const broken: string[] = []
    for (const source of sources) {
      const text = readFileSync(join(root, source), 'utf8')
      for (const match of text.matchAll(/\b((?:docs|bench)\/[\w./-]+\.md)(#[\w-]+)?/g)) {
        const target = `${match[1] ?? ''}${match[2] ?? ''}`
        if (!resolves('README.md', target)) broken.push(`${source} -> ${target}`)
      }
    }
    expect(broken).toEqual([])
  })

  it('name in the glossary only files and folders that exist', () => {
    const text = readFileSync(join(root, 'docs/glossary.md'), 'utf8')
    const paths = [...text.matchAll(/`((?:src|server|sw|scripts|tests)\/[^`\s]+)`/g)].map(
      (match) => match[1] ?? '',
    )
    expect(paths.length).toBeGreaterThan(0)
    expect(paths.filter((path) => !existsSync(join(root, path)))).toEqual([])
  })

  /** How the code and the docs could cite a document a reader of the project does not have. */
  const outside =
    /spec sections? \d|design section \d|\.\.\/shared\/|§\s?\d|(?<![\w/.-])design\.md/i

  it('catch every form of citing a document outside the project', () => {
    const forms = [
      'spec section 6',
      'design section 8',
      '../shared/design.md',
      '§6: super and admin',
      '(§ 4)',
      '(design.md section 8)',
    ]
    expect(forms.filter((form) => !outside.test(form))).toEqual([])
    expect(outside.test('docs/behaviour.md#roles-and-access')).toBe(false)
    expect(outside.test('the design of the outbox (docs/architecture.md)')).toBe(false)
  })

  it('are the only documents the code, the docs and the README cite', () => {
    const alsoQuality = /(?<!docs\/)quality\.md/i
    const citing = [
      // This file holds the forms it looks for, as examples.
      ...sources
        .filter((source) => source !== 'tests/unit/docs.test.ts')
        .filter((source) => {
          const text = readFileSync(join(root, source), 'utf8')
          return outside.test(text) || alsoQuality.test(text)
        }),
      ...documents.filter((document) => outside.test(readFileSync(join(root, document), 'utf8'))),
    ]
    expect(citing).toEqual([])
  })

  it('tell no history of the periods of work that made the project', () => {
    const history = /\b(session|issue) \d+\b/i
    const telling = [...documents, ...sources].filter((path) =>
      history.test(readFileSync(join(root, path), 'utf8')),
    )
    expect(telling).toEqual([])
  })
})
