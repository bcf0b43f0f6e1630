import type { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../../deps.ts'
import { findPackImage } from './pictures.ts'

const immutable = 'public, max-age=31536000, immutable'

/**
 * The uploaded pack pictures at `/media/packs/<sha-256>.webp`, from the database: a name is its
 * content's hash, so the answer never changes (cached as immutable, its hash as the `ETag`).
 * Registered before the static files, which serve the seeded SVG artwork beside them.
 */
export function servePackPictures(app: Hono<AppEnv>, deps: Pick<AppDeps, 'db'>) {
  app.get('/media/packs/:file{[0-9a-f]{64}\\.webp}', async (c) => {
    const hash = c.req.param('file').slice(0, 64)
    const etag = `"${hash}"`
    const headers = { 'Cache-Control': immutable, ETag: etag }
    if (c.req.header('If-None-Match') === etag) return c.body(null, 304, headers)
    const image = await findPackImage(deps.db, hash)
    if (!image) return c.text('404 Not Found', 404)
    return c.body(image.bytes.slice(), 200, { ...headers, 'Content-Type': image.contentType })
  })
}
