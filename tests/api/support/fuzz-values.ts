import fc from 'fast-check'

/*
 * Valid values for the API fuzz test (tests/api/fuzz.test.ts), derived from the valibot contract by
 * walking the schemas (object entries, pipes of actions, picklists, ...), so that a new field is
 * generated, and broken (./fuzz-bad-values.ts), without touching this file.
 */

export type PathKey = string | number
export type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>

export function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value)
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Action = { type: string; requirement: unknown }

/** The parts of a valibot schema the generators read; `raw` is the schema object itself. */
type SchemaNode = { type: string; actions: Action[]; raw: Record<string, unknown> }

export function nodeOf(schema: unknown): SchemaNode {
  if (!isRecord(schema) || typeof schema.type !== 'string') {
    throw new Error('not a valibot schema')
  }
  // A piped schema keeps its own type; `pipe` is [the schema itself, ...actions].
  const pipe = isArray(schema.pipe) ? schema.pipe : []
  const actions = pipe
    .slice(1)
    .filter(isRecord)
    .map((action) => ({ type: String(action.type), requirement: action.requirement }))
  return { type: schema.type, actions, raw: schema }
}

function requirement(node: SchemaNode, type: string): unknown {
  return node.actions.find((action) => action.type === type)?.requirement
}

export function numericRequirement(node: SchemaNode, type: string): number | undefined {
  const value = requirement(node, type)
  return typeof value === 'number' ? value : undefined
}

export function has(node: SchemaNode, type: string): boolean {
  return node.actions.some((action) => action.type === type)
}

const optionalTypes = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
export const wrapperTypes = new Set([...optionalTypes, 'nullable', 'non_nullable', 'non_optional'])

function entriesOf(node: SchemaNode): [string, unknown][] {
  return isRecord(node.raw.entries) ? Object.entries(node.raw.entries) : []
}

export function optionsOf(node: SchemaNode): unknown[] {
  const options = node.raw.options
  return isArray(options) ? options : []
}

/** The schemas a `v.lazy` may pick, found by asking its getter about inputs of each JSON type. */
function lazyOptions(node: SchemaNode): unknown[] {
  const getter = node.raw.getter
  if (typeof getter !== 'function') return []
  const found = new Set<unknown>()
  for (const input of ['', 0, true, null, [], {}]) {
    const picked: unknown = Reflect.apply(getter, undefined, [input])
    found.add(picked)
  }
  return [...found]
}

export const plainText = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 24 })
const unicodeText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })

function day(from: number, to: number): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date(Date.UTC(from, 0, 1)), max: new Date(Date.UTC(to, 11, 31)) })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString().slice(0, 10))
}

export const emailAddress = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9.]{1,10}$/),
    fc.constantFrom('example.rs', 'example.me', 'example.com', 'gmail.com'),
  )
  .map(([local, domain]) => `${local.replace(/\.+$/, '')}@${domain}`)

function validString(node: SchemaNode): fc.Arbitrary<string> {
  const min = numericRequirement(node, 'min_value')
  const max = numericRequirement(node, 'max_value')
  if (has(node, 'to_number')) {
    const low = min ?? 1
    return fc.integer({ min: low, max: Math.min(max ?? low + 50, low + 50) }).map(String)
  }
  if (has(node, 'email')) return emailAddress
  if (has(node, 'iso_date')) return day(2020, 2030)
  if (has(node, 'uuid')) return fc.uuid()
  const patterns = node.actions
    .map((action) => action.requirement)
    .filter((value): value is RegExp => value instanceof RegExp)
  const [pattern] = patterns
  if (pattern && patterns.length === 1) return fc.stringMatching(pattern)
  const minLength = Math.max(
    numericRequirement(node, 'min_length') ?? 0,
    has(node, 'non_empty') ? 1 : 0,
  )
  const maxLength = Math.min(numericRequirement(node, 'max_length') ?? 40, 40)
  const text = fc.oneof({ weight: 3, arbitrary: plainText }, { weight: 1, arbitrary: unicodeText })
  return text
    .map((value) => (value.trim() === '' ? `x${value}` : value))
    .map((value) => value.padEnd(minLength, 'x').slice(0, Math.max(maxLength, minLength)))
}

function validNumber(node: SchemaNode): fc.Arbitrary<number> {
  const min = numericRequirement(node, 'min_value') ?? -1000
  const max = numericRequirement(node, 'max_value') ?? Math.max(min + 1000, 1000)
  if (has(node, 'integer')) return fc.integer({ min, max: Math.min(max, min + 10_000) })
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true })
}

/** A value the schema accepts (as far as its type and actions tell), or a hint for the field. */
export function validValue(
  schema: unknown,
  hints: Hints,
  key?: string,
  depth = 0,
): fc.Arbitrary<unknown> {
  const hint = key === undefined ? undefined : hints[key]
  if (hint) return hint
  const node = nodeOf(schema)
  const inner = (child: unknown, childKey?: string) => validValue(child, hints, childKey, depth + 1)
  if (depth > 8) return fc.constant(null)
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object': {
      const model: Record<string, fc.Arbitrary<unknown>> = {}
      const requiredKeys: string[] = []
      for (const [name, entry] of entriesOf(node)) {
        model[name] = inner(entry, name)
        if (!optionalTypes.has(nodeOf(entry).type)) requiredKeys.push(name)
      }
      return fc.record(model, { requiredKeys })
    }
    case 'optional':
    case 'exact_optional':
    case 'nullish':
    case 'undefinedable':
    case 'non_nullable':
    case 'non_optional':
      return inner(node.raw.wrapped, key)
    case 'nullable':
      return fc.option(inner(node.raw.wrapped, key), { nil: null, freq: 4 })
    case 'string':
      return validString(node)
    case 'number':
      return validNumber(node)
    case 'boolean':
      return fc.boolean()
    case 'picklist':
    case 'enum':
      return fc.constantFrom(...optionsOf(node))
    case 'literal':
      return fc.constant(node.raw.literal)
    case 'array': {
      const minLength = numericRequirement(node, 'min_length') ?? 0
      return fc.array(inner(node.raw.item), { minLength, maxLength: Math.max(minLength, 3) })
    }
    case 'union':
    case 'variant':
      return fc.oneof(...optionsOf(node).map((option) => inner(option, key)))
    case 'lazy':
      return fc.oneof(...lazyOptions(node).map((option) => inner(option, key)))
    case 'record': {
      const keys = inner(node.raw.key).filter((item): item is string => typeof item === 'string')
      return fc.dictionary(keys, inner(node.raw.value), { maxKeys: 3 })
    }
    case 'unknown': {
      // Such as `page`: a number read from anything.
      const min = numericRequirement(node, 'min_value') ?? 1
      return fc.integer({ min, max: min + 5 })
    }
    default:
      return fc.constant(null)
  }
}

/** A field a request may break: its path in the body (or query) and its schema. */
export type Slot = { path: PathKey[]; schema: unknown }

/** Every field of a schema, nested objects, array items and the options of unions and lazies included. */
export function slotsOf(schema: unknown, path: PathKey[] = [], depth = 0): Slot[] {
  const node = nodeOf(schema)
  if (depth > 5) return []
  const here = path.length > 0 ? [{ path, schema }] : []
  switch (node.type) {
    case 'object':
    case 'loose_object':
    case 'strict_object':
      return [
        ...here,
        ...entriesOf(node).flatMap(([name, entry]) => slotsOf(entry, [...path, name], depth + 1)),
      ]
    case 'array':
      return [...here, ...slotsOf(node.raw.item, [...path, 0], depth + 1)]
    case 'union':
    case 'variant':
    case 'lazy': {
      const options = node.type === 'lazy' ? lazyOptions(node) : optionsOf(node)
      const nested = options.flatMap((option) => slotsOf(option, path, depth + 1))
      return [...here, ...nested.filter((slot) => slot.path.length > path.length)]
    }
    default:
      if (wrapperTypes.has(node.type)) {
        return [
          ...here,
          ...slotsOf(node.raw.wrapped, path, depth + 1).filter(
            (slot) => slot.path.length > path.length,
          ),
        ]
      }
      return here
  }
}

/** One of `values`, or `fallback` when there are none. */
export const oneOf = <T>(values: readonly T[], fallback: T): fc.Arbitrary<T> =>
  values.length > 0 ? fc.constantFrom(...values) : fc.constant(fallback)
