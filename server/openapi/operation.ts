import type { Endpoint } from '#contract/endpoint.ts'
import { dataEnvelope } from '#contract/http.ts'
import { isPublic, objectRules } from '#contract/policy.ts'
import { translate } from '../i18n.ts'
import type { Converted, Direction } from './json-schema.ts'
import type { RuleInCode } from './rules-in-code.ts'
import { refusalsOf, type Refusal } from './refusals.ts'

export type Json = Record<string, unknown>
type Convert = (schema: NonNullable<Endpoint['body']>, direction: Direction) => Converted
type Part = 'params' | 'query' | 'body' | 'answer'

/** What the document knows of an entry beyond the entry itself. */
export type OperationContext = {
  name: string
  resource: string
  convert: Convert
  /** A request body to show, from the demo data. */
  example?: unknown
  /** Headers of the success answer beyond `Request-Id`, and answers beyond the entry's. */
  successHeaders?: Json
  moreResponses?: Json
}

/** A made-up request id for the examples. */
const exampleRequestId = '3f1c2a9e-8d4b-4c6e-9a7f-2b5d8e1c4a60'

const ref = (path: string) => ({ $ref: `#/components/${path}` })

/** `/voucher/:id` as `/api/v1/voucher/{id}`; a root entry's path as it is. */
export function documentPath(entry: Endpoint, apiBasePath: string): string {
  const path = entry.path.replace(/:(\w+)/g, '{$1}')
  return entry.root ? path : apiBasePath + path
}

function whoMayCall(entry: Endpoint): string[] {
  const { policy } = entry
  if (isPublic(policy)) return ['Public: no token needed.']
  const lines = [`Signed in (bearer token); roles: ${policy.allow.join(', ')}.`]
  if (policy.store) lines.push('A manager must be checked in to a store first.')
  for (const rule of policy.object ?? []) {
    lines.push(`Object rule \`${rule}\` binds ${objectRules[rule].join(', ')}.`)
  }
  return lines
}

function errorExample({ code, invalidFields }: Refusal): Json {
  const message = translate('en', code)
  const value: Json = { message, code, requestId: exampleRequestId }
  if (invalidFields) value.invalidFields = [{ field: 'email', message, code }]
  return { summary: code, value }
}

function errorResponse(entry: Endpoint, status: number, refusals: Refusal[]): Json {
  const description = refusals.map(({ code, when }) => `- \`${code}\`: ${when}`).join('\n')
  // A root entry's file not found is the static file server's plain 404, not an error body.
  if (entry.root && status === 404) {
    return {
      description,
      headers: { 'Request-Id': ref('headers/RequestId') },
      content: { 'text/plain': { schema: { type: 'string' }, example: '404 Not Found' } },
    }
  }
  const examples = Object.fromEntries(
    refusals.map((refusal) => [refusal.code, errorExample(refusal)]),
  )
  return {
    description,
    headers: { 'Request-Id': ref('headers/RequestId') },
    content: { 'application/json': { schema: ref('schemas/Error'), examples } },
  }
}

/** A rule in code in words: "- `endAt`: check". */
const inWords = ({ path, rule }: RuleInCode) => `- \`${path}\`: ${rule}`

/** The schema's properties as parameters `in` path or query, each with its rules in code. */
function parametersOf({ schema, rules }: Converted, where: 'path' | 'query'): Json[] {
  const required = new Set(schema.required ?? [])
  return Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const own = rules.filter((rule) => rule.path === name || rule.path.startsWith(`${name}.`))
    const parameter: Json = {
      name,
      in: where,
      required: where === 'path' || required.has(name),
      schema: property,
    }
    if (own.length > 0) parameter.description = `Rules in code:\n${own.map(inWords).join('\n')}`
    return parameter
  })
}

/** The OpenAPI operation of one entry of the endpoint table, and the rules it says in words only. */
export function operationOf(entry: Endpoint, context: OperationContext) {
  const { name, convert } = context
  /** The rules in code of each part, as the OpenAPI test lists them: `body comment.habits: check`. */
  const unconverted: string[] = []
  const inCode: string[] = []
  const converted = (part: Part, schema: NonNullable<Endpoint['body']>) => {
    const result = convert(schema, part === 'answer' ? 'output' : 'input')
    for (const rule of result.rules) {
      unconverted.push(`${part}${rule.path ? ` ${rule.path}` : ''}: ${rule.rule}`)
      if (part !== 'answer') inCode.push(inWords({ ...rule, path: rule.path || part }))
    }
    return result
  }

  const description = whoMayCall(entry)
  const parameters: Json[] = []
  if (entry.params) parameters.push(...parametersOf(converted('params', entry.params), 'path'))
  if (entry.query) parameters.push(...parametersOf(converted('query', entry.query), 'query'))
  if (!entry.root && !entry.withoutAppHeader) parameters.push(ref('parameters/App'))
  if (!entry.root) parameters.push(ref('parameters/Language'))
  if (entry.conditional === 'read') parameters.push(ref('parameters/IfNoneMatch'))
  if (entry.conditional === 'write') parameters.push(ref('parameters/IfMatch'))
  if (entry.idempotent) {
    parameters.push(ref('parameters/IdempotencyKey'))
    description.push(
      'Repeat-safe: a repeat with the same `Idempotency-Key` and body answers the first answer again, with `Idempotent-Replayed: true`.',
    )
  }

  const media: Json | undefined = entry.body && {
    schema: converted('body', entry.body).schema,
    ...(context.example === undefined ? {} : { example: context.example }),
  }
  if (inCode.length > 0) {
    description.push(
      `The server also checks, in code (the schemas cannot say it):\n${inCode.join('\n')}`,
    )
  }
  const operation: Json = {
    operationId: name,
    tags: [context.resource],
    summary: entry.summary,
    description: description.join('\n\n'),
  }
  if (!isPublic(entry.policy)) operation.security = [{ bearer: [] }]
  if (parameters.length > 0) operation.parameters = parameters
  if (media) {
    operation.requestBody = { required: true, content: { 'application/json': media } }
  }
  if (entry.upload) {
    const { field, types, maxBytes } = entry.upload
    const file = {
      type: 'string',
      contentMediaType: 'application/octet-stream',
      maxLength: maxBytes,
    }
    operation.requestBody = {
      required: true,
      content: {
        'multipart/form-data': {
          schema: { type: 'object', properties: { [field]: file }, required: [field] },
          encoding: { [field]: { contentType: types.join(', ') } },
        },
      },
    }
  }

  const headers: Json = { 'Request-Id': ref('headers/RequestId'), ...context.successHeaders }
  if (entry.idempotent) headers['Idempotent-Replayed'] = ref('headers/IdempotentReplayed')
  let content: Json
  const { answer: answerSchema } = entry
  if ('file' in answerSchema) {
    const types = answerSchema.file
    // A JSON file (this document) is an object to a client; any other, its bytes.
    const schemaOf = (type: string) => ({ type: /[/+]json\b/.test(type) ? 'object' : 'string' })
    content = Object.fromEntries(types.map((type) => [type, { schema: schemaOf(type) }]))
  } else {
    const { schema } = converted('answer', dataEnvelope(answerSchema))
    content = { 'application/json': { schema } }
  }
  const status = entry.status ?? 200
  const responses: Json = {
    [status]: { description: status === 201 ? 'Created.' : 'Done.', headers, content },
    ...context.moreResponses,
  }
  for (const [errorStatus, refusals] of refusalsOf(entry)) {
    responses[errorStatus] = errorResponse(entry, errorStatus, refusals)
  }
  operation.responses = responses
  return { operation, unconverted }
}
