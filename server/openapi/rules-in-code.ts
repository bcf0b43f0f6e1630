import type * as v from 'valibot'

/**
 * The rules of a valibot schema that JSON Schema cannot hold, each where it applies: a check in
 * code (`check`, `rawCheck`), a value read in code (a transformation: the input's JSON Schema
 * stops there, so the rules after it go unsaid), a fallback for an unreadable value, and a regular
 * expression with flags. The document says them in words; the OpenAPI test lists them.
 */
export type RuleInCode = {
  /** The dotted path of the value (`comment.habits`; `rows[]` for the items of an array). */
  path: string
  /** The rule, as the test lists it: `check (validation.invalid)`. */
  rule: string
}

type Schema = v.GenericSchema
type Direction = 'input' | 'output'

/** Values of each JSON type, to learn which schema a `lazy` getter picks for each. */
export const jsonSamples: readonly unknown[] = ['', 0, true, null, {}, []]

/** Where the input's JSON Schema stops (as `@valibot/to-json-schema` does with `typeMode`). */
const readInCode = new Set([
  'find_item',
  'parse_json',
  'raw_transform',
  'reduce_items',
  'stringify_json',
  'to_bigint',
  'to_boolean',
  'to_date',
  'to_number',
  'to_string',
  'transform',
])
const checksInCode = new Set(['check', 'raw_check', 'partial_check', 'forward'])

type Item = { kind: string; type: string }

function isItem(value: unknown): value is Item & Record<string, unknown> {
  return typeof value === 'object' && value !== null && 'kind' in value && 'type' in value
}

function isSchema(value: unknown): value is Schema {
  return isItem(value) && value.kind === 'schema'
}

const field = (value: object, key: string): unknown => Reflect.get(value, key)

/** A pipe's items with the pipes of its schemas spread out, as the converter reads them. */
function flatten(items: unknown): unknown[] {
  if (!Array.isArray(items)) return []
  return items.flatMap((item: unknown) =>
    isSchema(item) && 'pipe' in item ? flatten(item.pipe) : [item],
  )
}

function shown(item: Item & Record<string, unknown>): string {
  const { requirement, message } = item
  const value =
    typeof requirement === 'number' || typeof requirement === 'string'
      ? ` ${requirement}`
      : requirement instanceof RegExp && item.type === 'regex'
        ? ` ${String(requirement)}`
        : ''
  return `${item.type}${value}${typeof message === 'string' ? ` (${message})` : ''}`
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key)

/** The rules of `schema` in code, read as the server reads a request or writes an answer. */
export function rulesInCode(schema: Schema, direction: Direction): RuleInCode[] {
  const found: RuleInCode[] = []
  const getters = new Set<unknown>()

  function pipe(node: Schema & { pipe: unknown }, path: string) {
    const items = flatten(node.pipe)
    const schemas = items.flatMap((item, index) => (isSchema(item) ? [index] : []))
    const start = direction === 'output' ? (schemas.at(-1) ?? 0) : 0
    let stop = items.length
    if (direction === 'input') {
      const read = items.findIndex(
        (item, index) => index > 0 && isItem(item) && (isSchema(item) || readInCode.has(item.type)),
      )
      if (read !== -1) stop = read
    }
    const readBy = items[stop]
    for (const item of items.slice(start + 1, stop)) {
      if (!isItem(item)) continue
      const flags = item.requirement instanceof RegExp ? item.requirement.flags : ''
      if (checksInCode.has(item.type) || (item.type === 'regex' && !['', 'u'].includes(flags))) {
        found.push({ path, rule: shown(item) })
      }
    }
    if (stop < items.length) {
      const rest = items.slice(stop).filter(isItem).map(shown)
      // A transformation reads the value in code; a second schema checks it again.
      const how = isItem(readBy) && readBy.kind === 'schema' ? 'then' : 'read in code'
      found.push({ path, rule: `${how}: ${rest.join(', ')}` })
    }
    const base = items[start]
    if (isSchema(base)) walk(base, path)
  }

  function walk(node: Schema, path: string): void {
    if (direction === 'input' && 'fallback' in node) {
      found.push({ path, rule: `fallback ${JSON.stringify(field(node, 'fallback'))}` })
    }
    if ('pipe' in node) return pipe(node, path)
    const children: [unknown, string][] = []
    const entries = field(node, 'entries')
    if (typeof entries === 'object' && entries !== null) {
      for (const [key, entry] of Object.entries(entries)) children.push([entry, join(path, key)])
    }
    for (const key of ['wrapped', 'item']) {
      children.push([field(node, key), key === 'item' ? `${path}[]` : path])
    }
    children.push([field(node, 'value'), join(path, '*')])
    const options = field(node, 'options')
    if (Array.isArray(options)) for (const option of options) children.push([option, path])
    const getter = field(node, 'getter')
    if (typeof getter === 'function' && !getters.has(getter)) {
      getters.add(getter)
      for (const sample of jsonSamples) {
        const shape: unknown = Reflect.apply(getter, undefined, [sample])
        children.push([shape, path])
      }
    }
    for (const [child, at] of children) if (isSchema(child)) walk(child, at)
  }

  walk(schema, '')
  // A lazy schema's getter gives the same shape for several samples: each rule once.
  const unique = new Map(found.map((rule) => [`${rule.path}: ${rule.rule}`, rule]))
  return [...unique.values()]
}
