import { existsSync } from 'node:fs'
import { join } from 'node:path'
import type { Hono, HonoRequest, MiddlewareHandler } from 'hono'
import { etag } from 'hono/etag'
import { getCookie } from 'hono/cookie'
import { serveStatic } from '@hono/node-server/serve-static'
import { localeCookie, locales, parseLocale, type Locale } from '#contract/locale.ts'
import type { AppEnv } from '../deps.ts'

const immutable = 'public, max-age=31536000, immutable'
/** The pages, the worker and the app's entry, whose names stay from build to build (vite.config.ts). */
const revalidated = new Set(['/', '/index.html', '/sw.js', '/assets/index.js', '/assets/index.css'])
/** Pack images keep their names when redrawn: a month, then revalidated in the background. */
const mediaCache = 'public, max-age=2592000, stale-while-revalidate=86400'
/** A source map, or its compressed copy (scripts/build/compress-dist.ts). */
const sourceMap = /\.map(\.br|\.gz)?$/

/**
 * The built PWA from `distDir`, when it was built: fingerprinted `/assets/*` cached for a year,
 * `index.html`, `sw.js` and the entry (`/assets/index.js`, `/assets/index.css`) revalidated every
 * time, and `index.html` for any other page (a GET that accepts text/html: the SPA fallback).
 * Pack images from `mediaDir` under `/media/`, cached for a month (their content type from the
 * extension: `image/svg+xml` for the generated artwork). Text files of the build go out Brotli- or
 * gzip-compressed from their precompressed copies. In production the build's source maps are not
 * sent (below).
 */
export function serveStaticFiles(
  app: Hono<AppEnv>,
  dirs: { distDir: string; mediaDir: string; production: boolean },
) {
  if (existsSync(dirs.mediaDir)) {
    app.use('/media/*', async (c, next) => {
      await next()
      if (c.res.ok) c.header('Cache-Control', mediaCache)
    })
    app.use(
      '/media/*',
      serveStatic({
        root: dirs.mediaDir,
        rewriteRequestPath: (path) => path.slice('/media'.length),
      }),
    )
  }
  const indexFile = join(dirs.distDir, 'index.html')
  if (!existsSync(indexFile)) return

  if (dirs.production) {
    // The source maps hold the app's sources, comments included: they stay in the build (the
    // bundle benchmark reads them, and they map a stack trace on the server), but nobody is sent
    // one. The build does not point at them either (`sourcemap: 'hidden'`, vite.config.ts).
    app.get('*', (c, next) => (sourceMap.test(c.req.path) ? c.notFound() : next()))
  }

  app.use('*', async (c, next) => {
    await next()
    if (!c.res.ok && c.res.status !== 304) return
    if (revalidated.has(c.req.path)) c.header('Cache-Control', 'no-cache')
    else if (c.req.path.startsWith('/assets/')) c.header('Cache-Control', immutable)
  })
  // What is revalidated answers 304 when the browser holds it already (its `ETag` is a hash of
  // what is sent): a browser without the worker asks for the entry on each load.
  const withETag = etag()
  const revalidatedWithETag: MiddlewareHandler<AppEnv> = (c, next) =>
    revalidated.has(c.req.path) || isPage(c.req) ? withETag(c, next) : next()
  app.use('*', revalidatedWithETag)
  // `npm run build` writes `.br` and `.gz` copies (scripts/build/compress-dist.ts); sent when accepted.
  app.use('*', serveStatic({ root: dirs.distDir, precompressed: true }))
  const serveIndex = serveStatic({ path: indexFile, precompressed: true })
  const serveLogin = prerenderedLogin(dirs.distDir)
  app.get('*', (c, next) => {
    if (!isPage(c.req)) return next()
    c.header('Cache-Control', 'no-cache')
    if (c.req.path === '/login' && serveLogin) {
      c.header('Vary', 'Cookie', { append: true })
      return serveLogin[parseLocale(getCookie(c, localeCookie))](c, next)
    }
    return serveIndex(c, next)
  })
}

/** A page of the app (a GET that accepts text/html): answered with index.html, or /login's drawing. */
function isPage(request: HonoRequest): boolean {
  const path = request.path
  return (
    (request.header('Accept') ?? '').includes('text/html') &&
    !path.startsWith('/assets/') &&
    !path.startsWith('/media/')
  )
}

/**
 * The sign-in screen drawn at build time in each locale (scripts/build/prerender-login.ts), chosen by the
 * `locale` cookie the PWA keeps (default: the default locale); none when the build has no copies.
 */
function prerenderedLogin(distDir: string): Record<Locale, MiddlewareHandler> | undefined {
  const file = (locale: Locale) => join(distDir, 'prerendered', `login-${locale}.html`)
  if (!locales.every((locale) => existsSync(file(locale)))) return undefined
  const serve = (locale: Locale) => serveStatic({ path: file(locale), precompressed: true })
  return { me: serve('me'), sr: serve('sr'), en: serve('en') }
}
