import { describe, expect, it } from 'vitest'
import { canonicalJson } from '../../../server/http/idempotency.ts'

describe('canonicalJson', () => {
  it('writes JSON with the keys of every object sorted', () => {
    const body = { b: 1, a: [1, 'x', { d: null, c: true }], 'z"q': {}, e: [[], {}] }
    expect(canonicalJson(body)).toBe(
      '{"a":[1,"x",{"c":true,"d":null}],"b":1,"e":[[],{}],"z\\"q":{}}',
    )
    expect(canonicalJson({ c: 'č', a: 2.5 })).toBe(canonicalJson({ a: 2.5, c: 'č' }))
    for (const value of ['text', 0, null, [], {}]) {
      expect(canonicalJson(value)).toBe(JSON.stringify(value))
    }
  })

  it('writes a body nested a hundred thousand levels deep', () => {
    let deep: unknown = { a: 1 }
    for (let level = 0; level < 100_000; level += 1) deep = level % 2 ? [deep] : { x: deep }
    const written = canonicalJson(deep)
    expect(written).toHaveLength(2 * 100_000 + 7 + 4 * 50_000)
    expect(written.startsWith('[{"x":[{"x":')).toBe(true)
  })
})
