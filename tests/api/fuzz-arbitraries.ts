import fc from 'fast-check'
import {
  dashboardQuerySchema,
  reportRequestSchema,
  storeFormSchema,
  storeLogQuerySchema,
  storeUpdateSchema,
} from '../../src/contract/administration.ts'
import {
  changePasswordBodySchema,
  forgotPasswordBodySchema,
  loginBodySchema,
  passwordResetBodySchema,
  passwordSetupBodySchema,
} from '../../src/contract/auth.ts'
import { packSearchQuerySchema, productSearchQuerySchema } from '../../src/contract/catalogue.ts'
import { customerTrialsQuerySchema, visitNoteBodySchema } from '../../src/contract/customers.ts'
import {
  appHeader,
  appId,
  idempotencyHeader,
  languageHeader,
  searchQuerySchema,
} from '../../src/contract/http.ts'
import { locales } from '../../src/contract/locale.ts'
import { checkInBodySchema, checkOutBodySchema } from '../../src/contract/stores.ts'
import { habits } from '../../src/contract/trial-options.ts'
import { trialBodySchema, trialSearchQuerySchema } from '../../src/contract/trial.ts'
import {
  idBodySchema,
  managersQuerySchema,
  userFormSchema,
  userUpdateSchema,
} from '../../src/contract/users.ts'
import { voucherSearchQuerySchema, voucherSubmitBodySchema } from '../../src/contract/vouchers.ts'

/*
 * Generated requests for the API fuzz test (tests/api/fuzz.test.ts). Valid values are derived from
 * the valibot contract by walking the schemas (object entries, pipes of actions, picklists, ...),
 * so a new field is generated, and broken, without touching this file; hints by field name give
 * the ids and codes that exist in the database, and the values a schema's `check` cannot tell.
 */

type PathKey = string | number
type Hints = Readonly<Record<string, fc.Arbitrary<unknown>>>

function isArray(value: unknown): value is unknown[] {
  return Array.isArray(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

type Action = { type: string; requirement: unknown }

/** The parts of a valibot schema the generators read; `raw` is the schema object itself. */
type SchemaNode = { type: string; actions: Action[]; raw: Record<string, unknown> }

function nodeOf(schema: unknown): SchemaNode {
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

function numericRequirement(node: SchemaNode, type: string): number | undefined {
  const value = requirement(node, type)
  return typeof value === 'number' ? value : undefined
}

function has(node: SchemaNode, type: string): boolean {
  return node.actions.some((action) => action.type === type)
}

const optionalTypes = new Set(['optional', 'exact_optional', 'nullish', 'undefinedable'])
const wrapperTypes = new Set([...optionalTypes, 'nullable', 'non_nullable', 'non_optional'])

function entriesOf(node: SchemaNode): [string, unknown][] {
  return isRecord(node.raw.entries) ? Object.entries(node.raw.entries) : []
}

function optionsOf(node: SchemaNode): unknown[] {
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

const plainText = fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 24 })
const unicodeText = fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 })

function day(from: number, to: number): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date(Date.UTC(from, 0, 1)), max: new Date(Date.UTC(to, 11, 31)) })
    .filter((date) => !Number.isNaN(date.getTime()))
    .map((date) => date.toISOString().slice(0, 10))
}

const emailAddress = fc
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

/** JSON that JSON.stringify cannot write, such as `1e400` (put in the text as it is). */
const rawJson = (text: string) => `@@raw:${text}@@`
export function jsonText(value: unknown): string {
  if (value === undefined) return ''
  return JSON.stringify(value).replace(/"@@raw:([^@]*)@@"/g, '$1')
}

function nested(depth: number, leaf: unknown, inObject: boolean): unknown {
  let value = leaf
  for (let level = 0; level < depth; level += 1) value = inObject ? { a: value } : [value]
  return value
}

export const nastyStrings = [
  '',
  ' ',
  '   \t\n',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffx',
  '😀🇷🇸👩‍👩‍👧',
  '\u202eevil',
  'ČĆŠŽĐ čćšžđ',
  'İı ß ﬃ 𝕏',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  'true',
  '0',
  '-1',
  '1e309',
  '0x10',
  "' OR '1'='1",
  "1' OR '1'='1' --",
  "'; DROP TABLE users; --",
  '" OR ""="',
  '1; select pg_sleep(2)',
  "') union select password_hash from users --",
  '$1',
  '%',
  '_',
  '\\',
  "%' --",
  '\\x00',
  '${7*7}',
  '{{7*7}}',
  '<script>alert(1)</script>',
  '__proto__',
  'constructor',
  'toString',
  '../../../etc/passwd',
  '{"$gt":""}',
  '\r\nX-Injected: 1',
]

const nastyNumbers: unknown[] = [
  0,
  -0,
  -1,
  1.5,
  0.1,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e20,
  -1e20,
  1e308,
  5e-324,
  rawJson('1e400'),
  rawJson('-1e400'),
  rawJson('123456789012345678901234567890'),
  rawJson('1E2'),
  rawJson('-0.0'),
]

const nastyShapes: unknown[] = [
  null,
  true,
  false,
  [],
  {},
  [[]],
  [null],
  [1, 'a', null],
  { a: 1 },
  JSON.parse('{"__proto__":{"admin":true}}'),
  rawJson(`${'['.repeat(100_000)}${']'.repeat(100_000)}`),
  rawJson(`${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)}`),
  nested(64, 1, false),
  nested(64, 'x', true),
  nested(3000, 0, false),
  Array.from({ length: 5000 }, (_, index) => index),
]

function longString(length: number) {
  return fc.constantFrom('x', 'é', ' ', '%', "'", '😀').map((char) => char.repeat(length))
}

/** Anything wrong for any field. */
const anyBadValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...nastyStrings) },
  { weight: 3, arbitrary: fc.constantFrom(...nastyNumbers) },
  { weight: 3, arbitrary: fc.constantFrom(...nastyShapes) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: fc.constantFrom(256, 1025, 5001, 100_000).chain(longString) },
  { weight: 1, arbitrary: longString(1_100_000) },
)

/** What is wrong for this schema in particular: just too long, too small, not an option, ... */
function schemaBadValue(schema: unknown): fc.Arbitrary<unknown> | undefined {
  const node = nodeOf(schema)
  const bad: fc.Arbitrary<unknown>[] = []
  const maxLength = numericRequirement(node, 'max_length')
  const minLength = numericRequirement(node, 'min_length')
  const min = numericRequirement(node, 'min_value')
  const max = numericRequirement(node, 'max_value')
  const text = (value: number) => (node.type === 'string' ? String(value) : value)
  if (maxLength !== undefined) bad.push(longString(maxLength + 1))
  if (minLength !== undefined && minLength > 0 && node.type === 'string') {
    bad.push(fc.constant('x'.repeat(minLength - 1)))
  }
  if (min !== undefined) bad.push(fc.constantFrom(text(min - 1), text(min - 0.5), text(-1e20)))
  if (max !== undefined) bad.push(fc.constantFrom(text(max + 1), text(1e20), text(2 ** 31)))
  if (has(node, 'integer')) bad.push(fc.constantFrom(text(1.5), text(2 ** 31), text(1e20)))
  if (has(node, 'to_number')) {
    bad.push(fc.constantFrom('1.5', 'abc', '', '1e400', '0x1', ' 1', '2147483648', '1e20'))
  }
  if (has(node, 'email')) {
    bad.push(
      fc.constantFrom('not-an-email', 'a@b', '@example.rs', 'x@forbidden.org', 'a b@example.rs'),
    )
  }
  if (has(node, 'iso_date')) {
    bad.push(
      fc.constantFrom(
        '2025-02-30',
        '2025-13-01',
        '20250101',
        '2025-1-1',
        '0000-00-00',
        '9999-12-31',
        '2025-01-01T00:00:00Z',
        '-001-01-01',
      ),
    )
  }
  if (node.type === 'picklist' || node.type === 'enum') {
    const options = optionsOf(node).map(String)
    bad.push(
      fc
        .constantFrom(...options)
        .chain((option) =>
          fc.constantFrom(
            `${option} `,
            option.toLowerCase() === option ? option.toUpperCase() : option.toLowerCase(),
            `${option}x`,
          ),
        ),
    )
  }
  if (node.type === 'array') {
    bad.push(fc.constant([]))
    bad.push(anyBadValue.map((item) => [item]))
  }
  if (node.type === 'number') bad.push(fc.constantFrom('1', '', [1]))
  // PostgreSQL text cannot hold U+0000.
  if (node.type === 'string')
    bad.push(fc.constantFrom(1, ['x'], { value: 'x' }, 'a\u0000b', '\u0000'))
  if (node.type === 'boolean') bad.push(fc.constantFrom('true', 1, 0, 'false'))
  if (wrapperTypes.has(node.type)) {
    const wrapped = schemaBadValue(node.raw.wrapped)
    if (wrapped) bad.push(wrapped)
  }
  return bad.length > 0 ? fc.oneof(...bad) : undefined
}

function badValueFor(schema: unknown): fc.Arbitrary<unknown> {
  const specific = schemaBadValue(schema)
  if (!specific) return anyBadValue
  return fc.oneof({ weight: 1, arbitrary: specific }, { weight: 1, arbitrary: anyBadValue })
}

const remove = Symbol('remove')
type Change = (current: unknown) => unknown

function defineOwn(target: Record<string, unknown>, key: string, value: unknown) {
  // `__proto__` must become an own key, as JSON.parse makes it, not the prototype.
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  })
}

/** A copy of `root` with `change` applied at `path` (creating the objects and arrays on the way). */
export function changeAt(root: unknown, path: readonly PathKey[], change: Change): unknown {
  const [head, ...rest] = path
  if (head === undefined) return change(root)
  if (typeof head === 'number') {
    const array: unknown[] = isArray(root) ? [...root] : []
    const next = changeAt(array[head], rest, change)
    if (next === remove) array.splice(head, 1)
    else array[head] = next
    return array
  }
  const object: Record<string, unknown> = {}
  if (isRecord(root))
    for (const [name, value] of Object.entries(root)) defineOwn(object, name, value)
  const next = changeAt(object[head], rest, change)
  if (next === remove) Reflect.deleteProperty(object, head)
  else defineOwn(object, head, next)
  return object
}

function pathText(path: readonly PathKey[]): string {
  return path.length === 0 ? '(root)' : path.join('.')
}

function short(value: unknown): string {
  const text = typeof value === 'string' ? JSON.stringify(value) : jsonText(value) || String(value)
  return text.length > 60 ? `${text.slice(0, 57)}... (${text.length} chars)` : text
}

type Mutated = { value: unknown; label: string }

const extraKeys = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'role',
    'isAdmin',
    'userId',
    'deletedAt',
    'extra',
  ),
  fc.string({ maxLength: 12 }),
)

/** A valid value with one field broken: replaced by a bad value, left out, or joined by another. */
function oneFieldBroken(schema: unknown, hints: Hints): fc.Arbitrary<Mutated> {
  const slots = slotsOf(schema)
  const base = validValue(schema, hints)
  if (slots.length === 0) {
    return fc
      .tuple(base, anyBadValue)
      .map(([, bad]) => ({ value: bad, label: `root ← ${short(bad)}` }))
  }
  const slot = fc.constantFrom(...slots)
  const replaced = fc.tuple(base, slot).chain(([value, { path, schema: field }]) =>
    badValueFor(field).map((bad) => ({
      value: changeAt(value, path, () => bad),
      label: `${pathText(path)} ← ${short(bad)}`,
    })),
  )
  const missing = fc.tuple(base, slot).map(([value, { path }]) => ({
    value: changeAt(value, path, () => remove),
    label: `${pathText(path)} left out`,
  }))
  const extra = fc.tuple(base, slot, extraKeys, anyBadValue).map(([value, { path }, key, bad]) => {
    const parent = path.slice(0, -1)
    return {
      value: changeAt(value, parent, (current) => {
        const object: Record<string, unknown> = {}
        if (isRecord(current))
          for (const [name, item] of Object.entries(current)) defineOwn(object, name, item)
        defineOwn(object, key, bad)
        return object
      }),
      label: `${pathText([...parent, key])} added ← ${short(bad)}`,
    }
  })
  const wrapped = fc.tuple(base, slot, fc.boolean()).map(([value, { path }, inArray]) => ({
    value: changeAt(value, path, (current) => (inArray ? [current] : { value: current })),
    label: `${pathText(path)} wrapped in ${inArray ? 'an array' : 'an object'}`,
  }))
  return fc.oneof(
    { weight: 6, arbitrary: replaced },
    { weight: 2, arbitrary: missing },
    { weight: 1, arbitrary: extra },
    { weight: 1, arbitrary: wrapped },
  )
}

/** Text that is not the JSON object the endpoint wants, with or without a JSON content type. */
const rawBodies: fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; label: string }> = fc.oneof(
  fc
    .constantFrom(
      '{',
      '{"a":',
      'nul',
      '[1,2',
      '{"a":1}}',
      "{'a':1}",
      '{"a":NaN}',
      '{"a":undefined}',
      'undefined',
      '<?xml version="1.0"?><a/>',
      'a=1&b=2',
      '\u0000',
      '\ufeff{}',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '[]',
      'null',
      '0',
      '"text"',
      'true',
      '1e400',
      '['.repeat(100_000),
      '{"a":'.repeat(20_000),
      `[${'1,'.repeat(50_000)}1]`,
    )
    .map((body) => ({ body, label: `raw body ${short(body)}` })),
  fc
    .string({ unit: 'binary', maxLength: 80 })
    .map((body) => ({ body, label: `raw body ${short(body)}` })),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => ({ body: jsonText(value), label: `JSON ${short(value)}` })),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes) => ({
    body: new Uint8Array([0xff, 0xfe, ...bytes]),
    label: 'raw body: bytes that are not UTF-8',
  })),
)

const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/plain',
  '',
]

/** Query strings that are not `name=value&...` of the schema. */
const rawQueries = fc.oneof(
  fc.constantFrom(
    'page=%',
    'query=%E0%A4%A',
    'query=%00',
    'code=%27%20OR%201%3D1--',
    'code=%27%3B%20select%20pg_sleep(2)--',
    'page[]=1',
    'page=1&page=2&page=x',
    '&&&',
    '=x',
    'query',
    'query=%ZZ',
    'startAt=2025-01-01&startAt=x',
    'type=HTS&type=RMC',
    `query=${'x'.repeat(10_000)}`,
    `${'a'.repeat(200)}=1`,
    '__proto__[isAdmin]=1',
    'constructor=1',
  ),
  fc.string({ unit: 'grapheme', maxLength: 40 }).map((text) => encodeURIComponent(text)),
)

/** Path ids that are not the id of anything: not numbers, out of int4, encoded tricks. */
export const badIds = [
  '0',
  '-1',
  '1.5',
  '1e3',
  '01',
  '+1',
  ' 1',
  '2147483648',
  '4294967297',
  '99999999999999999999',
  'abc',
  'null',
  'undefined',
  'NaN',
  '%00',
  '%27',
  "1'",
  '1%27%20OR%20%271%27%3D%271',
  '1;select%201',
  '%2e%2e',
  '..%2f..%2f',
  '%E0%A4%A',
  '%D9%A1',
  encodeURIComponent('١٢'),
  'x'.repeat(2000),
]

const languages = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...locales) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'xx',
      '',
      'EN',
      'en-US',
      'sr-Latn-RS',
      'me;q=1, en',
      '*',
      'x'.repeat(1000),
      'ëñ',
    ),
  },
)

const badAppHeaders = [
  '',
  'BRAND-EXPERT-PWA',
  'brand-expert',
  'brand-expert-pwa,brand-expert-pwa',
  'other',
]
const badIdempotencyKeys = [
  '',
  'abc',
  '"',
  '""',
  '"not-a-uuid"',
  '{00000000-0000-0000-0000-000000000000}',
  '00000000-0000-0000-0000-00000000000',
  '00000000-0000-0000-0000-0000000000000',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '"00000000-0000-0000-0000-000000000000',
  'x'.repeat(5000),
]

export type EndpointSpec = {
  method: 'GET' | 'POST'
  /** The Hono path under `/api/v1`, such as `/store/:id`. */
  path: string
  query?: unknown
  body?: unknown
  /** Valid path ids, for paths with `:id`. */
  ids?: fc.Arbitrary<number>
  /** Hints by field name for this endpoint (on top of the shared ones). */
  hints?: Hints
  /** A refused request counts as a failed sign-in (login_attempts), as it must. */
  countsSignIn?: boolean
  /** Who may call it: such actors are picked more often, so that more requests get past the guards. */
  favours?: Actor['kind']
}

export type FuzzContext = {
  storeIds: number[]
  customerIds: number[]
  /** Users the fuzzing may edit and delete (not the signed-in actors). */
  userIds: number[]
  voucherIds: number[]
  trialIds: number[]
  voucherCodes: string[]
  emails: string[]
  password: string
}

const oneOf = <T>(values: readonly T[], fallback: T): fc.Arbitrary<T> =>
  values.length > 0 ? fc.constantFrom(...values) : fc.constant(fallback)

/** Every endpoint of the API with the contract schemas of its query and body. */
export function endpointSpecs(context: FuzzContext): EndpointSpec[] {
  const store = oneOf(context.storeIds, 1)
  const customer = oneOf(context.customerIds, 1)
  const user = oneOf(context.userIds, 1)
  const password = fc.constant(context.password)
  const email = fc.oneof(oneOf(context.emails, 'admin@example.com'), emailAddress)
  const newPassword = fc.constantFrom('Tajna!2345', 'Nova#Lozinka9')
  const passwordHints = { password: newPassword, confirmPassword: newPassword }
  return [
    { method: 'GET', path: '/health' },
    { method: 'GET', path: '/health/live' },
    { method: 'GET', path: '/ready' },
    { method: 'GET', path: '/openapi.json' },
    {
      method: 'POST',
      path: '/user/login',
      body: loginBodySchema,
      hints: { email, password: fc.oneof(password, plainText) },
      countsSignIn: true,
    },
    {
      method: 'POST',
      path: '/user/forgot-password/email',
      body: forgotPasswordBodySchema,
      hints: { email },
    },
    {
      method: 'POST',
      path: '/user/reset',
      body: passwordResetBodySchema,
      hints: { ...passwordHints, email },
    },
    { method: 'POST', path: '/user/password', body: passwordSetupBodySchema, hints: passwordHints },
    {
      method: 'POST',
      path: '/user/change-password',
      body: changePasswordBodySchema,
      hints: passwordHints,
      countsSignIn: true,
    },
    { method: 'GET', path: '/me' },
    { method: 'POST', path: '/user/check-in', favours: 'manager', body: checkInBodySchema },
    { method: 'POST', path: '/user/check-in/update', favours: 'manager', body: checkInBodySchema },
    { method: 'POST', path: '/user/check-out', favours: 'manager', body: checkOutBodySchema },
    { method: 'GET', path: '/user/search', favours: 'administrator', query: searchQuerySchema },
    { method: 'POST', path: '/user/managers', favours: 'administrator', body: managersQuerySchema },
    {
      method: 'POST',
      path: '/user/create',
      favours: 'administrator',
      body: userFormSchema,
      hints: { email: emailAddress, phone: fc.stringMatching(/^\+3826\d{7}$/) },
    },
    {
      method: 'POST',
      path: '/user/update',
      favours: 'administrator',
      body: userUpdateSchema,
      hints: { id: user, email: emailAddress, phone: fc.stringMatching(/^06\d{7}$/) },
    },
    {
      method: 'POST',
      path: '/user/delete',
      favours: 'administrator',
      body: idBodySchema,
      hints: { id: user },
    },
    { method: 'GET', path: '/user/:id', favours: 'administrator', ids: user },
    { method: 'GET', path: '/store/log', favours: 'administrator', query: storeLogQuerySchema },
    { method: 'POST', path: '/store/create', favours: 'administrator', body: storeFormSchema },
    {
      method: 'POST',
      path: '/store/update',
      favours: 'administrator',
      body: storeUpdateSchema,
      hints: { id: store },
    },
    {
      method: 'POST',
      path: '/store/delete',
      favours: 'administrator',
      body: idBodySchema,
      hints: { id: store },
    },
    { method: 'GET', path: '/store/search', query: searchQuerySchema },
    { method: 'GET', path: '/store/:id', ids: store },
    {
      method: 'POST',
      path: '/report/generate',
      favours: 'administrator',
      body: reportRequestSchema,
    },
    {
      method: 'GET',
      path: '/report/dashboard',
      favours: 'administrator',
      query: dashboardQuerySchema,
    },
    { method: 'GET', path: '/packages/search', query: packSearchQuerySchema },
    { method: 'GET', path: '/internal-products/search', query: productSearchQuerySchema },
    { method: 'POST', path: '/free-guided/form', body: trialBodySchema },
    { method: 'GET', path: '/questionnaire/search', query: trialSearchQuerySchema },
    { method: 'GET', path: '/questionnaire/:id', ids: oneOf(context.trialIds, 1) },
    {
      method: 'GET',
      path: '/voucher/search',
      query: voucherSearchQuerySchema,
      hints: {
        code: oneOf(context.voucherCodes, 'MGM-VALID-0001').map((code) => code.toLowerCase()),
      },
    },
    { method: 'GET', path: '/voucher/code-log/:id', ids: oneOf(context.voucherIds, 1) },
    { method: 'GET', path: '/voucher/:id', ids: oneOf(context.voucherIds, 1) },
    {
      method: 'POST',
      path: '/voucher/submit',
      body: voucherSubmitBodySchema,
      hints: { code: oneOf(context.voucherCodes, 'MGM-VALID-0001') },
    },
    { method: 'GET', path: '/customer/search', query: searchQuerySchema },
    { method: 'POST', path: '/customer/form', body: visitNoteBodySchema },
    {
      method: 'GET',
      path: '/customer/:id/trials',
      query: customerTrialsQuerySchema,
      ids: customer,
    },
    { method: 'GET', path: '/customer/:id', ids: customer },
  ]
}

/** Hints shared by every endpoint: ids that exist, and what a schema's `check` wants. */
export function sharedHints(context: FuzzContext): Hints {
  const store = oneOf(context.storeIds, 1)
  return {
    store_id: store,
    storeId: store,
    expertStoreId: fc.option(store, { nil: null }),
    store: store.map(String),
    customerId: oneOf(context.customerIds, 1),
    user: oneOf(context.userIds, 1).map(String),
    habits: fc.constantFrom(...habits, 'RMC;HTS', 'HTS;Vape'),
  }
}

export type Actor = {
  name: string
  kind: 'anonymous' | 'agent' | 'manager' | 'administrator'
  token: string | undefined
}

export type FuzzRequest = {
  endpoint: string
  method: string
  /** Under `/api/v1`, with the query string. */
  path: string
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer> | undefined
  actor: string
  /** What was broken. */
  label: string
}

/** Bearer tokens that must all be refused with 401. */
export type BadTokens = readonly { name: string; token: string }[]

function queryString(value: unknown): string {
  if (!isRecord(value)) return ''
  const params = new URLSearchParams()
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (Array.isArray(item)) for (const element of item) params.append(name, short(element))
    else params.append(name, typeof item === 'string' ? item : jsonText(item))
  }
  return params.toString()
}

type Part = {
  body?: unknown
  rawBody?: string | Uint8Array<ArrayBuffer>
  query?: string
  label: string
}

function partsOf(spec: EndpointSpec, hints: Hints): fc.Arbitrary<Part> {
  const parts: { weight: number; arbitrary: fc.Arbitrary<Part> }[] = []
  if (spec.body !== undefined) {
    const schema = spec.body
    parts.push({
      weight: 2,
      arbitrary: validValue(schema, hints).map((body) => ({ body, label: 'valid body' })),
    })
    parts.push({
      weight: 8,
      arbitrary: oneFieldBroken(schema, hints).map(({ value, label }) => ({ body: value, label })),
    })
    parts.push({
      weight: 2,
      arbitrary: rawBodies.map(({ body, label }) => ({ rawBody: body, label })),
    })
  } else if (spec.method === 'POST') {
    parts.push({
      weight: 1,
      arbitrary: rawBodies.map(({ body, label }) => ({ rawBody: body, label })),
    })
  }
  if (spec.query !== undefined) {
    const schema = spec.query
    parts.push({
      weight: 2,
      arbitrary: validValue(schema, hints).map((value) => ({
        query: queryString(value),
        label: 'valid query',
      })),
    })
    parts.push({
      weight: 8,
      arbitrary: oneFieldBroken(schema, hints).map(({ value, label }) => ({
        query: queryString(value),
        label,
      })),
    })
  }
  if (spec.method === 'GET') {
    parts.push({
      weight: 2,
      arbitrary: rawQueries.map((query) => ({ query, label: `raw query ${short(query)}` })),
    })
  }
  if (parts.length === 0) parts.push({ weight: 1, arbitrary: fc.constant({ label: 'as it is' }) })
  return fc.oneof(...parts)
}

type HeaderChange = {
  apply: (headers: Record<string, string>) => void
  label: string
  auth?: boolean
}

function headerChanges(badTokens: BadTokens): fc.Arbitrary<HeaderChange> {
  const set = (name: string, value: string, label: string, auth = false): HeaderChange => ({
    apply: (headers) => {
      headers[name] = value
    },
    label,
    auth,
  })
  const tokens = badTokens.map(({ name, token }) =>
    set('Authorization', `Bearer ${token}`, `token: ${name}`, true),
  )
  return fc.oneof(
    fc.constantFrom(...tokens),
    fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Basic dXNlcjpwYXNz',
        'bearer  x',
        'Bearer ' + 'a'.repeat(10_000),
        'Token abc',
      )
      .map((value) => set('Authorization', value, `Authorization: ${short(value)}`, true)),
    fc
      .constantFrom(...badAppHeaders)
      .map((value) => set(appHeader, value, `${appHeader}: ${short(value)}`)),
    fc.constant<HeaderChange>({
      apply: (headers) => {
        Reflect.deleteProperty(headers, appHeader)
      },
      label: `no ${appHeader}`,
    }),
    fc
      .constantFrom(...badIdempotencyKeys)
      .map((value) => set(idempotencyHeader, value, `${idempotencyHeader}: ${short(value)}`)),
    fc
      .constantFrom(...contentTypes)
      .map((value) => set('Content-Type', value, `Content-Type: ${short(value)}`)),
  )
}

/** Requests to every endpoint, as every actor: mostly valid with one thing broken. */
export function requestArbitrary(
  specs: readonly EndpointSpec[],
  context: FuzzContext,
  actors: readonly Actor[],
  badTokens: BadTokens,
): fc.Arbitrary<FuzzRequest> {
  const shared = sharedHints(context)
  const perEndpoint = specs.map((spec) => {
    const hints = { ...shared, ...spec.hints }
    const endpoint = `${spec.method} ${spec.path}`
    const id = spec.ids
      ? fc.oneof(
          { weight: 3, arbitrary: spec.ids.map((value) => ({ id: String(value), bad: false })) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(...badIds).map((value) => ({ id: value, bad: true })),
          },
        )
      : fc.constant({ id: '', bad: false })
    const method = fc.oneof(
      { weight: 30, arbitrary: fc.constant(spec.method) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'PUT',
          'PATCH',
          'DELETE',
          spec.method === 'GET' ? 'POST' : 'GET',
        ),
      },
    )
    return fc
      .record({
        actor: fc.oneof(
          ...actors.map((actor) => ({
            weight: spec.favours === undefined ? 2 : spec.favours === actor.kind ? 6 : 1,
            arbitrary: fc.constant(actor),
          })),
        ),
        part: partsOf(spec, hints),
        id,
        method,
        language: languages,
        key:
          spec.path === '/free-guided/form'
            ? fc.option(fc.uuid(), { nil: undefined })
            : fc.constant(undefined),
        change: fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: headerChanges(badTokens) },
        ),
      })
      .map(({ actor, part, id, method, language, key, change }): FuzzRequest => {
        const headers: Record<string, string> = { [appHeader]: appId, [languageHeader]: language }
        if (actor.token) headers.Authorization = `Bearer ${actor.token}`
        if (key) headers[idempotencyHeader] = key
        const sendsBody = method !== 'GET'
        let body: FuzzRequest['body']
        if (sendsBody && part.rawBody !== undefined) body = part.rawBody
        else if (sendsBody && part.body !== undefined) body = jsonText(part.body)
        if (body !== undefined) headers['Content-Type'] = 'application/json'
        change?.apply(headers)
        const path = spec.path.replace(':id', id.id) + (part.query ? `?${part.query}` : '')
        const labels = [
          part.label,
          id.bad ? `id ${short(id.id)}` : '',
          method === spec.method ? '' : `method ${method}`,
          change?.label ?? '',
        ]
        return {
          endpoint,
          method,
          path,
          headers,
          body,
          actor: change?.auth ? 'bad token' : actor.name,
          label: labels.filter(Boolean).join('; '),
        }
      })
  })
  return fc.oneof(...perEndpoint)
}
