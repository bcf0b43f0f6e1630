import fc from 'fast-check'
import { locales } from '../../../src/contract/locale.ts'
import {
  has,
  isArray,
  isRecord,
  nodeOf,
  numericRequirement,
  optionsOf,
  slotsOf,
  validValue,
  wrapperTypes,
  type Hints,
  type PathKey,
} from './fuzz-values.ts'

/*
 * Bad values for the API fuzz test: wrong for any field, or for one schema in particular (just too
 * long, too small, not an option, ...); a valid value with one field broken; and the bad bodies,
 * queries, path ids and headers the requests are made of (./fuzz-requests.ts).
 */

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

export function short(value: unknown): string {
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
export function oneFieldBroken(schema: unknown, hints: Hints): fc.Arbitrary<Mutated> {
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
export const rawBodies: fc.Arbitrary<{ body: string | Uint8Array<ArrayBuffer>; label: string }> =
  fc.oneof(
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

export const contentTypes = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/xml',
  'application/json, text/plain',
  '',
]

/** Query strings that are not `name=value&...` of the schema. */
export const rawQueries = fc.oneof(
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

export const languages = fc.oneof(
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

export const badAppHeaders = [
  '',
  'BRAND-EXPERT-PWA',
  'brand-expert',
  'brand-expert-pwa,brand-expert-pwa',
  'other',
]
export const badIdempotencyKeys = [
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
