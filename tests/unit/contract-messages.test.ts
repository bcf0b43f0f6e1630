import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { allMessages } from '../../src/contract/all-messages.ts'
import { installDefaultMessages } from '../../src/contract/default-messages.ts'
import { messages } from '../../src/contract/messages.ts'

/** Schemas that only wrap, transform or accept anything: the rule is in what they hold. */
const wrappers = new Set([
  'optional',
  'nullable',
  'nullish',
  'exact_optional',
  'undefinedable',
  'lazy',
  'fallback',
  'unknown',
  'any',
])

const messageIds = new Set<string>(allMessages.map((message) => message.id))

type Node = Record<string, unknown>

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && 'kind' in value && 'type' in value
}

/** Every rule of `schema` without a message id of the contract, by path. */
function unmessaged(schema: unknown, path: string, seen = new Set<unknown>()): string[] {
  if (!isNode(schema) || seen.has(schema)) return []
  seen.add(schema)
  const found: string[] = []
  const type = String(schema.type)
  const needs = (schema.kind === 'schema' && !wrappers.has(type)) || schema.kind === 'validation'
  const { message } = schema
  // A rule's own message is an id; one without gets the contract's default (default-messages.ts).
  if (needs && message !== undefined && !(typeof message === 'string' && messageIds.has(message))) {
    found.push(`${path}: ${type}`)
  }
  const children: [string, unknown][] = []
  if (Array.isArray(schema.pipe)) {
    schema.pipe.forEach((item: unknown, index) => index > 0 && children.push([path, item]))
  }
  if (typeof schema.entries === 'object' && schema.entries !== null) {
    for (const [key, value] of Object.entries(schema.entries))
      children.push([`${path}.${key}`, value])
  }
  if (Array.isArray(schema.options)) {
    for (const option of schema.options) children.push([path, option])
  }
  for (const key of ['item', 'wrapped', 'key', 'value']) children.push([path, schema[key]])
  if (type === 'lazy' && typeof schema.getter === 'function') {
    for (const input of ['', {}])
      children.push([path, (schema.getter as (x: unknown) => unknown)(input)])
  }
  return [...found, ...children.flatMap(([at, child]) => unmessaged(child, at, seen))]
}

const modules = import.meta.glob<Record<string, unknown>>('../../src/contract/*.ts', {
  eager: true,
})

describe('the contract', () => {
  it('gives no rule of what clients send a message of its own but an id the catalogs translate', () => {
    const missing: string[] = []
    for (const [file, exports] of Object.entries(modules)) {
      for (const [name, value] of Object.entries(exports)) {
        // What clients send: bodies, queries and forms (answers are the server's to get right).
        if (!/(Body|Query|Form|Request|Update)Schema$/.test(name) || !isNode(value)) continue
        missing.push(...unmessaged(value, `${file.split('/').pop() ?? ''} ${name}`))
      }
    }
    expect(missing).toEqual([])
  })

  it('answers a rule that has no message of its own with an id, never library English', () => {
    installDefaultMessages()
    const first = (schema: v.GenericSchema, input: unknown) => {
      const result = v.safeParse(schema, input)
      return result.success ? '' : result.issues[0].message
    }
    expect(first(v.pipe(v.string(), v.maxLength(2)), 'abc')).toBe(messages.tooLong.id)
    expect(first(v.pipe(v.number(), v.integer()), 1.5)).toBe(messages.invalid.id)
    expect(first(v.object({ a: v.string() }), 'x')).toBe(messages.invalid.id)
    expect(first(v.object({ a: v.string() }), {})).toBe(messages.required.id)
  })
})
