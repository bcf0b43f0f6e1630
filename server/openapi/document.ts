import { createHash } from 'node:crypto'
import { endpointTable, resources, type EndpointName } from '#contract/endpoints/all.ts'
import { openApiDocument } from '#contract/endpoints/reference.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  errorEnvelopeSchema,
  idempotencyHeader,
  languageHeader,
  requestIdHeader,
} from '#contract/http.ts'
import { defaultLocale, locales } from '#contract/locale.ts'
import { demoPassword, demoUsers } from '../demo/seed.ts'
import { demoStores } from '../demo/demo-stores.ts'
import { createConverter } from './json-schema.ts'
import { documentPath, operationOf, type Json } from './operation.ts'

const demoEmail = demoUsers.find((user) => user.role === 'manager')?.email ?? demoUsers[0]?.email

/** Request bodies from the demo data (`npm start` seeds it), where one says more than the schema. */
const bodyExamples: Partial<Record<EndpointName, unknown>> = {
  login: { email: demoEmail, password: demoPassword, remember_me: true },
  forgotPassword: { email: demoEmail },
  storeCreate: {
    name: 'Trafika Njegoševa',
    address: 'Njegoševa 7',
    city: demoStores[0]?.city ?? 'Beograd',
    country: 'RS',
  },
}

const components = {
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: `The \`token\` that \`POST ${apiBasePath}/user/login\` answers (\`GET ${apiBasePath}/me\` renews it).`,
    },
  },
  parameters: {
    App: {
      name: appHeader,
      in: 'header',
      required: true,
      description: 'Only the PWA calls the API (400 `api.badApp` otherwise).',
      schema: { type: 'string', const: appId },
      example: appId,
    },
    Language: {
      name: languageHeader,
      in: 'header',
      required: false,
      description: `The language of the answer's messages; \`${defaultLocale}\` when absent or unknown.`,
      schema: { type: 'string', enum: locales, default: defaultLocale },
    },
    IfNoneMatch: {
      name: 'If-None-Match',
      in: 'header',
      required: false,
      description: 'An ETag of an earlier answer: 304 without a body while it is still current.',
      schema: { type: 'string' },
    },
    IfMatch: {
      name: 'If-Match',
      in: 'header',
      required: false,
      description:
        'The ETag of the version the change was made on: 412 when it is no longer current.',
      schema: { type: 'string' },
    },
    IdempotencyKey: {
      name: idempotencyHeader,
      in: 'header',
      required: false,
      description:
        'A UUID made on the device, bare or as a quoted structured-field string; the same key and body are done once (kept 30 days).',
      schema: { type: 'string' },
      example: '6f0c1c52-3a8e-4a5b-9d1e-0b7c2f4e8a19',
    },
  },
  headers: {
    RequestId: {
      description: "The request's id, as the server's logs and the error body know it.",
      required: true,
      schema: { type: 'string', format: 'uuid' },
    },
    IdempotentReplayed: {
      description: 'On an answer given again for a repeated `Idempotency-Key`.',
      schema: { type: 'string', const: 'true' },
    },
  },
}

/** The document's own answers: cacheable, revalidated by its ETag. */
const documentHeaders = {
  ETag: { description: 'The hash of the document.', required: true, schema: { type: 'string' } },
  'Cache-Control': {
    description: 'Cacheable by anyone.',
    required: true,
    schema: { type: 'string' },
  },
}
const notModified = {
  304: {
    description: 'Not modified: `If-None-Match` named the current ETag.',
    headers: { ...documentHeaders, 'Request-Id': { $ref: '#/components/headers/RequestId' } },
  },
}

/** A conditional read's answers (`conditional: 'read'`): its ETag, and 304 when it still holds. */
const etagHeader = {
  ETag: { description: "The answer's version.", required: true, schema: { type: 'string' } },
}
const conditionalRead = {
  successHeaders: etagHeader,
  moreResponses: {
    304: {
      description: 'Not modified: `If-None-Match` named the current ETag.',
      headers: { ...etagHeader, 'Request-Id': { $ref: '#/components/headers/RequestId' } },
    },
  },
}
/** A conditional write's answer (`conditional: 'write'`): the new ETag, not on a replay. */
const conditionalWrite = {
  successHeaders: {
    ETag: {
      description: "The saved version's ETag, for the next `If-Match` (not sent on a replay).",
      required: false,
      schema: { type: 'string' },
    },
  },
}

/**
 * The OpenAPI 3.1 document of the API, generated from the endpoint table (src/contract/endpoints/)
 * with its schemas converted from valibot; `unconverted` holds the rules of those schemas that the
 * document says in words only (rules-in-code.ts), each with the operations that have it.
 */
export function buildOpenApiDocument(): { document: Json; unconverted: Map<string, string[]> } {
  const convert = createConverter()
  const paths: Record<string, Json> = {}
  const unconverted = new Map<string, string[]>()
  for (const { name, resource, entry } of endpointTable) {
    const isDocument = entry === openApiDocument
    const { operation, unconverted: notes } = operationOf(entry, {
      name,
      resource,
      convert,
      example: bodyExamples[name as EndpointName],
      ...(isDocument ? { successHeaders: documentHeaders, moreResponses: notModified } : {}),
      ...(entry.conditional === 'read' ? conditionalRead : {}),
      ...(entry.conditional === 'write' ? conditionalWrite : {}),
    })
    const path = documentPath(entry, apiBasePath)
    paths[path] = { ...paths[path], [entry.method.toLowerCase()]: operation }
    for (const rule of notes) unconverted.set(rule, [...(unconverted.get(rule) ?? []), name])
  }
  const document = {
    openapi: '3.1.0',
    info: {
      title: 'Brand Expert API',
      version: apiBasePath.slice(apiBasePath.lastIndexOf('/') + 1),
      description: [
        'The REST API of the Brand Expert staff app, generated from its endpoint table.',
        `Every successful JSON answer is \`{ data, message? }\`; every error is \`{ message, code, requestId, invalidFields? }\` with the id also in the \`${requestIdHeader}\` header. \`message\` is in the request's \`${languageHeader}\`; a client decides by \`code\`.`,
        `Calls under \`${apiBasePath}\` send \`${appHeader}: ${appId}\` (the probes excepted); signed-in calls a bearer token from the sign-in.`,
      ].join('\n\n'),
    },
    servers: [{ url: '/' }],
    tags: Object.keys(resources).map((name) => ({ name })),
    paths,
    components: {
      ...components,
      schemas: { Error: convert(errorEnvelopeSchema, 'output').schema },
    },
  }
  return { document, unconverted }
}

/** The document as served: its JSON and an ETag of it. */
export function servedDocument(): { json: string; etag: string } {
  const json = JSON.stringify(buildOpenApiDocument().document)
  const hash = createHash('sha256').update(json).digest('base64url').slice(0, 27)
  return { json, etag: `"${hash}"` }
}
