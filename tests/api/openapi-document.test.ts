import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { describe, expect, it } from 'vitest'
import { endpointTable } from '../../src/contract/endpoints/all.ts'
import { apiBasePath, requestIdHeader } from '../../src/contract/http.ts'
import { buildOpenApiDocument } from '../../server/openapi/document.ts'
import { documentPath } from '../../server/openapi/operation.ts'
import { databases, useApi } from './support/harness.ts'

/**
 * The OpenAPI document (server/openapi/, docs/api.md): valid OpenAPI 3.1, one operation per entry
 * of the endpoint table, what it could not convert listed here, and served cacheable at
 * `/api/v1/openapi.json` with the reference at `/api/docs`.
 */

const { document, unconverted } = buildOpenApiDocument()
const paths = document.paths as Record<string, Record<string, Record<string, unknown>>>

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const result = await new Validator().validate(document)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    expect(document.openapi).toBe('3.1.0')
  })

  it('has one operation per entry of the table, named after it', () => {
    const operations = Object.values(paths).flatMap((methods) => Object.values(methods))
    expect(operations).toHaveLength(endpointTable.length)
    for (const { name, resource, entry } of endpointTable) {
      const operation = paths[documentPath(entry, apiBasePath)]?.[entry.method.toLowerCase()]
      expect(operation, name).toMatchObject({ operationId: name, tags: [resource] })
    }
  })

  // A rule in code is said in the document's words but not enforced by a validator of it: this
  // list is what a client cannot check before sending. A new one is a decision, made here.
  it('lists the rules JSON Schema cannot hold, and no others', () => {
    // The answers' stick entries (`tan`, `coralComment`: a colour of the trial's edition) are one
    // such rule on `comment`: JSON Schema names fields, not a family of them checked in code.
    expect([...unconverted.keys()].sort()).toEqual([
      'answer data.comment.habits: check (validation.invalid)',
      'answer data.comment: check (validation.invalid)',
      'answer data.original.comment.habits: check (validation.invalid)',
      'answer data.original.comment: check (validation.invalid)',
      'answer data.rows[].answers.habits: check (validation.invalid)',
      'answer data.rows[].answers: check (validation.invalid)',
      'answer data.rows[].comment.habits: check (validation.invalid)',
      'answer data.rows[].comment: check (validation.invalid)',
      'answer data.trials[].comment.habits: check (validation.invalid)',
      'answer data.trials[].comment: check (validation.invalid)',
      'answer data.trials[].original.comment.habits: check (validation.invalid)',
      'answer data.trials[].original.comment: check (validation.invalid)',
      'body comment.habits: check (validation.invalid)',
      'body comment: check (validation.invalid)',
      'body consents: check (validation.invalid)',
      'body endAt: then: string (validation.invalid), iso_date (validation.invalid), check (validation.invalid)',
      'body images: check (validation.invalid)',
      'body startAt: then: string (validation.invalid), iso_date (validation.invalid), check (validation.invalid)',
      'body: check (customer.erasureTarget)',
      'body: check (validation.required)',
      'body: raw_check',
      'params id: read in code: transform, min_value 1, max_value 2147483647',
      'query attention: read in code: transform',
      'query endAt: check',
      'query ids: read in code: transform',
      'query keys: read in code: transform',
      'query page: fallback 1',
      'query page: read in code: transform, integer, min_value 1, max_value 100000',
      'query startAt: check',
      'query store: read in code: to_number, integer, min_value 1, max_value 2147483647',
      'query user: read in code: to_number, integer, min_value 1, max_value 2147483647',
      'query: check (customer.trialContactRequired)',
      'query: raw_check',
    ])
  })

  // A client fills a left-out field with its default: one its own schema refuses (a customerId
  // of 0 beside `minimum: 1`) would have it send a request the server refuses.
  it('has no default that its own schema refuses', () => {
    const ajv = new Ajv2020({ strict: false })
    addFormats(ajv)
    const refused: string[] = []
    const visit = (node: unknown, path: string) => {
      if (typeof node !== 'object' || node === null) return
      if ('default' in node && !path.endsWith('.responses')) {
        const { default: value, ...schema } = node
        if (!ajv.validate(schema, value)) refused.push(`${path} ${JSON.stringify(value)}`)
      }
      for (const [key, child] of Object.entries(node)) visit(child, `${path}.${key}`)
    }
    visit(document, '')
    expect(refused).toEqual([])
    // Left out, it is refused as 0 is: the document says it is required.
    const redeem = paths[`${apiBasePath}/voucher/submit`]?.post?.requestBody
    expect(redeem).toMatchObject({
      content: { 'application/json': { schema: { required: ['code', 'customerId'] } } },
    })
  })

  it("writes out the trial's comment, a lazy schema, as its two shapes", () => {
    const body = paths[`${apiBasePath}/free-guided/form`]?.post?.requestBody
    expect(body).toMatchObject({
      content: {
        'application/json': {
          schema: {
            properties: {
              comment: {
                oneOf: [
                  { type: 'string', maxLength: 5000 },
                  // An answer is a key of the trial's content edition, checked by the server.
                  {
                    type: 'object',
                    properties: { gender: { type: 'string', minLength: 1, maxLength: 40 } },
                  },
                ],
              },
            },
          },
        },
      },
    })
  })
})

describe.each(databases)('the served document and reference on $name', (database) => {
  const api = useApi(database)

  it('serves the document to anyone, cacheable, and 304 for its ETag', async () => {
    // No X-APP and no token: another client reads the contract before it knows anything.
    const first = await fetch(`${api.url}${apiBasePath}/openapi.json`)
    expect(first.status).toBe(200)
    expect(first.headers.get('Content-Type')).toMatch(/^application\/json/)
    expect(first.headers.get('Cache-Control')).toMatch(/^public, max-age=\d+$/)
    expect(first.headers.get(requestIdHeader)).toBeTruthy()
    expect(await first.json()).toEqual(document)
    const etag = first.headers.get('ETag') ?? ''
    expect(etag).toMatch(/^"[\w-]+"$/)

    const again = await fetch(`${api.url}${apiBasePath}/openapi.json`, {
      headers: { 'If-None-Match': `W/"other", ${etag}` },
    })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('ETag')).toBe(etag)
  })

  it('serves the reference and its files itself, under the strict policy', async () => {
    const page = await fetch(`${api.url}/api/docs`)
    expect(page.status).toBe(200)
    const html = await page.text()
    const policy = page.headers.get('Content-Security-Policy') ?? ''
    expect(policy).toContain("script-src 'self';")
    expect(policy).not.toContain('unsafe-eval')
    // No inline script: every script is a file of this origin.
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/)
    const files = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? '')
    expect(files).toHaveLength(4)
    for (const file of files) {
      expect(file).toMatch(/^\/api\/docs\//)
      const response = await fetch(`${api.url}${file}`, { headers: { 'Accept-Encoding': 'gzip' } })
      expect(response.status, file).toBe(200)
      expect(response.headers.get('Cache-Control'), file).toMatch(/^public/)
      expect((await response.arrayBuffer()).byteLength, file).toBeGreaterThan(0)
    }
    expect((await fetch(`${api.url}/api/docs/constructor`)).status).toBe(404)
  })
})
