import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import type { Endpoint } from '../../../src/contract/endpoint.ts'
import { apiBasePath } from '../../../src/contract/http.ts'
import { buildOpenApiDocument } from '../../../server/openapi/document.ts'
import { documentPath } from '../../../server/openapi/operation.ts'

/** An answer as a client sees it: its status, headers and body (JSON when it says so, else text). */
export type LiveAnswer = { status: number; headers: Headers; body: unknown }

type Json = Record<string, unknown>

function isObject(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** The value at `keys` in `value`, or undefined. */
function at(value: unknown, ...keys: string[]): unknown {
  let here = value
  for (const key of keys) here = isObject(here) ? here[key] : undefined
  return here
}

const baseType = (type: string | null) => (type ?? '').split(';')[0]?.trim().toLowerCase()

/**
 * Checks live answers against the OpenAPI document with Ajv (JSON Schema 2020-12, as OpenAPI 3.1
 * uses it): that the status is one the operation documents, that the documented headers are
 * there and well formed, and that the body has the documented schema of its content type.
 */
export function createAnswerChecker() {
  const { document } = buildOpenApiDocument()
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false })
  addFormats(ajv)
  const compiled = new Map<Json, ValidateFunction>()

  /** A `$ref` into the document, followed. */
  function resolve(node: unknown): unknown {
    const ref = at(node, '$ref')
    if (typeof ref !== 'string') return node
    return at(document, ...ref.replace(/^#\//, '').split('/'))
  }

  function problemsOf(schema: unknown, value: unknown, what: string): string[] {
    const resolved = resolve(schema)
    if (!isObject(resolved)) return [`${what}: no schema`]
    let validate = compiled.get(resolved)
    if (!validate) {
      validate = ajv.compile(resolved)
      compiled.set(resolved, validate)
    }
    if (validate(value)) return []
    return (validate.errors ?? []).map((error) => `${what}${error.instancePath} ${error.message}`)
  }

  /** What in the answer differs from the document: nothing when it matches. */
  function check(entry: Endpoint, answer: LiveAnswer): string[] {
    const path = documentPath(entry, apiBasePath)
    const operation = at(document, 'paths', path, entry.method.toLowerCase())
    const response = resolve(at(operation, 'responses', String(answer.status)))
    if (!isObject(response)) return [`status ${answer.status} is not documented`]
    const problems: string[] = []
    const headers = at(response, 'headers')
    for (const [name, spec] of Object.entries(isObject(headers) ? headers : {})) {
      const header = resolve(spec)
      const value = answer.headers.get(name)
      if (value === null) {
        if (at(header, 'required') === true) problems.push(`header ${name} is missing`)
        continue
      }
      problems.push(...problemsOf(at(header, 'schema'), value, `header ${name}`))
    }
    if (answer.status === 304) return problems
    const content = at(response, 'content')
    const type = baseType(answer.headers.get('Content-Type'))
    const media = Object.entries(isObject(content) ? content : {}).find(
      ([documented]) => baseType(documented) === type,
    )
    if (!media) return [...problems, `content type ${type} is not documented`]
    return [...problems, ...problemsOf(at(media[1], 'schema'), answer.body, 'body')]
  }

  return { check }
}
