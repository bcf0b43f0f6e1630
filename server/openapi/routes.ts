import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { gzipSync } from 'node:zlib'
import type { Context, Hono } from 'hono'
import { openApiDocument } from '#contract/endpoints/reference.ts'
import { apiBasePath } from '#contract/http.ts'
import type { AppEnv } from '../deps.ts'
import { servedDocument } from './document.ts'

/** A text served from memory: its body, a gzip copy made on first use, and an ETag. */
type Served = { type: string; body: Buffer; gzip: () => Buffer; etag: string }

function served(type: string, body: Buffer | string): Served {
  const bytes = Buffer.from(body)
  let gzip: Buffer | undefined
  const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 27)
  return { type, body: bytes, gzip: () => (gzip ??= gzipSync(bytes)), etag: `"${hash}"` }
}

/** Made on first request, then kept: the table and the package do not change while serving. */
function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined
  return () => (made ??= { value: make() }).value
}

function namesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (ifNoneMatch === undefined) return false
  return ifNoneMatch
    .split(',')
    .map((tag) => tag.trim().replace(/^W\//, ''))
    .some((tag) => tag === '*' || tag === etag)
}

/**
 * Answers a served text with its ETag, 304 when `If-None-Match` names it, gzipped when accepted.
 * The `Cache-Control` replaces the API's `no-store`: the document and the reference may be kept.
 */
function answer(c: Context<AppEnv>, file: Served, cacheControl: string): Response {
  c.header('Cache-Control', cacheControl)
  c.header('ETag', file.etag)
  c.header('Vary', 'Accept-Encoding')
  if (namesEtag(c.req.header('If-None-Match'), file.etag)) return c.body(null, 304)
  c.header('Content-Type', file.type)
  const compressible = !file.type.startsWith('image/')
  if (compressible && /\bgzip\b/.test(c.req.header('Accept-Encoding') ?? '')) {
    c.header('Content-Encoding', 'gzip')
    return c.body(new Uint8Array(file.gzip()))
  }
  return c.body(new Uint8Array(file.body))
}

const here = (name: string) => readFileSync(new URL(`./reference/${name}`, import.meta.url))
const swaggerUi = (name: string) =>
  readFileSync(createRequire(import.meta.url).resolve(`swagger-ui-dist/${name}`))

const javascript = 'text/javascript; charset=utf-8'

/** The reference's files: Swagger UI's bundle and styles from its package, and our own two. */
const referenceFiles = new Map<string, () => Served>([
  ['swagger-ui-bundle.js', once(() => served(javascript, swaggerUi('swagger-ui-bundle.js')))],
  ['swagger-ui.css', once(() => served('text/css; charset=utf-8', swaggerUi('swagger-ui.css')))],
  ['initializer.js', once(() => served(javascript, here('initializer.js')))],
  ['favicon.png', once(() => served('image/png', swaggerUi('favicon-32x32.png')))],
])
const page = once(() => served('text/html; charset=utf-8', here('index.html')))
const document = once(() => served('application/json; charset=utf-8', servedDocument().json))

/** A few minutes without asking, then revalidated by the ETag: a new release shows soon. */
const documentCache = 'public, max-age=300'
const pageCache = 'no-cache'
const assetCache = 'public, max-age=86400'

/**
 * `GET /api/v1/openapi.json`, the OpenAPI document of the endpoint table (public, no `X-APP`),
 * and the readable reference at `/api/docs` (Swagger UI, served by the app itself). Registered
 * before the API's `X-APP` and start-up checks: neither needs the PWA's header nor the database.
 */
export function openApiRoutes(app: Hono<AppEnv>) {
  app.get(apiBasePath + openApiDocument.path, (c) => answer(c, document(), documentCache))
  app.get('/api/docs', (c) => answer(c, page(), pageCache))
  app.get('/api/docs/:file', (c, next) => {
    const file = referenceFiles.get(c.req.param('file'))
    return file ? answer(c, file(), assetCache) : next()
  })
}
