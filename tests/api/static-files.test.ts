import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { databases, useApi } from './support/harness.ts'

function builtPwa() {
  const root = mkdtempSync(join(tmpdir(), 'brand-expert-dist-'))
  const distDir = join(root, 'dist')
  const mediaDir = join(root, 'media')
  mkdirSync(join(distDir, 'assets'), { recursive: true })
  mkdirSync(join(mediaDir, 'packs'), { recursive: true })
  writeFileSync(join(distDir, 'index.html'), '<!doctype html><title>Brand Expert</title>')
  writeFileSync(join(distDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(distDir, 'assets', 'index.js'), 'console.log("app")')
  // As scripts/build/compress-dist.ts leaves them after a build.
  writeFileSync(
    join(distDir, 'assets', 'index.js.br'),
    brotliCompressSync(Buffer.from('console.log("app")')),
  )
  writeFileSync(join(distDir, 'assets', 'settings-DPkBD25o.js'), 'console.log("settings")')
  // The build's source maps, as `sourcemap: 'hidden'` and compress-dist.ts leave them.
  const map = '{"version":3,"sources":["../../src/main.tsx"],"sourcesContent":["// secret"]}'
  writeFileSync(join(distDir, 'assets', 'index.js.map'), map)
  writeFileSync(join(distDir, 'assets', 'index.js.map.br'), brotliCompressSync(map))
  writeFileSync(join(mediaDir, 'packs', 'gold.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  // As scripts/build/prerender-login.ts leaves them: the sign-in screen in each locale.
  mkdirSync(join(distDir, 'prerendered'))
  for (const locale of ['me', 'sr', 'en']) {
    writeFileSync(
      join(distDir, 'prerendered', `login-${locale}.html`),
      `<!doctype html><title>Brand Expert</title><h1>sign-in ${locale}</h1>`,
    )
  }
  return { distDir, mediaDir }
}

describe.each(databases)('the built PWA on $name', (database) => {
  const api = useApi(database, builtPwa())

  it('serves index.html for the root and for any page, revalidated every time', async () => {
    for (const path of ['/', '/index.html', '/stores/12/edit', '/password-reset?token=x']) {
      const response = await fetch(`${api.url}${path}`, { headers: { Accept: 'text/html' } })
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('<title>Brand Expert</title>')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('content-security-policy')).toContain("default-src 'self'")
    }
  })

  it("sends /login as drawn at build time in the locale cookie's language, Montenegrin without one", async () => {
    const signIn = (cookie?: string) =>
      fetch(`${api.url}/login?redirect=%2Fsettings`, {
        headers: { Accept: 'text/html', ...(cookie ? { Cookie: cookie } : {}) },
      })
    for (const [cookie, shown] of [
      [undefined, 'sign-in me'],
      ['locale=en', 'sign-in en'],
      ['locale=sr', 'sign-in sr'],
      ['locale=xx', 'sign-in me'],
    ] as const) {
      const response = await signIn(cookie)
      expect(response.status).toBe(200)
      expect(await response.text()).toContain(shown)
      expect(response.headers.get('vary')).toContain('Cookie')
      expect(response.headers.get('cache-control')).toBe('no-cache')
    }
    const other = await fetch(`${api.url}/settings`, {
      headers: { Accept: 'text/html', Cookie: 'locale=en' },
    })
    expect(await other.text()).not.toContain('sign-in')
  })

  it('sends no source map in production, nor its compressed copy, however it is asked for', async () => {
    const { db, config, clock, tasks, metrics } = api
    const production = createApp({
      db,
      clock: clock.now,
      tasks,
      metrics,
      config: { ...config, production: true },
      mailer: createMailer(config),
      logger: silentLogger(),
    })
    for (const path of ['/assets/index.js.map', '/assets/index.js.map.br']) {
      const asked: Record<string, string>[] = [
        {},
        { 'Accept-Encoding': 'br, gzip' },
        { Accept: 'text/html' },
      ]
      for (const headers of asked) {
        const response = await production.request(path, { headers })
        expect(response.status, path).toBe(404)
        expect(await response.text()).not.toContain('secret')
      }
    }
    expect((await production.request('/assets/index.js')).status).toBe(200)
    // Outside production a developer's browser may still read them.
    expect((await fetch(`${api.url}/assets/index.js.map`)).status).toBe(200)
  })

  it('revalidates the service worker and the entry, caches fingerprinted chunks for a year', async () => {
    for (const path of ['/sw.js', '/assets/index.js']) {
      const kept = await fetch(`${api.url}${path}`)
      expect(kept.status, path).toBe(200)
      expect(kept.headers.get('cache-control'), path).toBe('no-cache')
    }
    const asset = await fetch(`${api.url}/assets/settings-DPkBD25o.js`)
    expect(asset.status).toBe(200)
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
  })

  it('answers 304 for the entry and a page the browser already holds, revalidated still', async () => {
    const asked: [string, Record<string, string>][] = [
      ['/assets/index.js', { 'Accept-Encoding': 'br' }],
      ['/settings', { Accept: 'text/html' }],
      ['/login', { Accept: 'text/html', Cookie: 'locale=sr' }],
    ]
    for (const [path, headers] of asked) {
      const first = await fetch(`${api.url}${path}`, { headers })
      const tag = first.headers.get('etag')
      expect(tag, path).toMatch(/^"[0-9a-f]+"$/)
      const again = await fetch(`${api.url}${path}`, {
        headers: { ...headers, 'If-None-Match': tag ?? '' },
      })
      expect(again.status, path).toBe(304)
      expect(await again.text(), path).toBe('')
      expect(again.headers.get('cache-control'), path).toBe('no-cache')
    }
    // Another locale's sign-in page is another page.
    const login = await fetch(`${api.url}/login`, { headers: { Accept: 'text/html' } })
    const other = await fetch(`${api.url}/login`, {
      headers: {
        Accept: 'text/html',
        Cookie: 'locale=en',
        'If-None-Match': login.headers.get('etag') ?? '',
      },
    })
    expect(other.status).toBe(200)
  })

  it('sends the Brotli copy of an asset to a browser that accepts it, the plain file to others', async () => {
    const compressed = await fetch(`${api.url}/assets/index.js`, {
      headers: { 'Accept-Encoding': 'br, gzip' },
    })
    expect(compressed.headers.get('content-encoding')).toBe('br')
    expect(compressed.headers.get('content-type')).toContain('text/javascript')
    expect(compressed.headers.get('vary')).toContain('Accept-Encoding')
    expect(await compressed.text()).toBe('console.log("app")')
    const plain = await fetch(`${api.url}/assets/index.js`, {
      headers: { 'Accept-Encoding': 'identity' },
    })
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe('console.log("app")')
  })

  it('answers 404 for a missing file that is not a page', async () => {
    const asset = await fetch(`${api.url}/assets/missing.js`, { headers: { Accept: 'text/html' } })
    expect(asset.status).toBe(404)
    expect(asset.headers.get('cache-control')).toBeNull()
    const other = await fetch(`${api.url}/missing.png`, { headers: { Accept: 'image/png' } })
    expect(other.status).toBe(404)
  })

  it('serves pack images under /media/', async () => {
    const image = await fetch(`${api.url}/media/packs/gold.svg`)
    expect(image.status).toBe(200)
    expect(image.headers.get('content-type')).toContain('image/svg+xml')
    expect(image.headers.get('cache-control')).toBe(
      'public, max-age=2592000, stale-while-revalidate=86400',
    )
    const missing = await fetch(`${api.url}/media/packs/missing.svg`, {
      headers: { Accept: 'text/html' },
    })
    expect(missing.status).toBe(404)
    expect(missing.headers.get('cache-control')).toBeNull()
  })

  it('keeps answering unknown API routes with JSON, not with the page', async () => {
    const response = await fetch(`${api.url}/api/v1/nothing`, {
      headers: { Accept: 'text/html', 'X-APP': 'brand-expert-pwa', Language: 'en' },
    })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ message: 'Not found.' })
  })
})
