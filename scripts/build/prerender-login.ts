/**
 * Part of `npm run build`, after `vite build`: the sign-in screen as the built app draws it, in each
 * locale, written into a copy of `index.html` (`dist/prerendered/login-<locale>.html`) that the
 * server sends for `/login` (the `locale` cookie picks the copy; server/http/static-files.ts). The
 * screen then shows as soon as the page has arrived (its stylesheet is written into it), instead
 * of after the entry and its catalog have loaded and run; the app replaces it with its own render.
 * Until then it is `inert` and hidden from assistive technology: nothing can be typed into it and
 * lost, and a screen reader meets only the working screen.
 *
 * The app runs in Chromium (Debian's, `CHROMIUM_PATH`) from `dist/` with no server: every request
 * is answered from the folder and the API is unreachable. Without Chromium the step is skipped
 * and `/login` gets the plain `index.html`.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { extname, join } from 'node:path'
import { intlTag, locales } from '../../src/contract/locale.ts'
import { chromiumPath, launchChromium } from '../../tests/support/chromium.ts'

const distDir = new URL('../../dist/', import.meta.url).pathname
const outDir = join(distDir, 'prerendered')
const origin = 'http://prerender.invalid'

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
}

const indexHtml = readFileSync(join(distDir, 'index.html'), 'utf8')
const rootStart = indexHtml.indexOf('<div id="root">')
const rootEnd = indexHtml.lastIndexOf('</div>', indexHtml.indexOf('</body>'))
if (rootStart < 0 || rootEnd < rootStart) throw new Error('dist/index.html has no <div id="root">')

/**
 * The head's stylesheets, written into it: the drawn screen needs no request after the page. The
 * app's later screens load it as usual.
 */
function inlineStylesheets(head: string): string {
  return head.replace(
    /<link rel="stylesheet" crossorigin href="(\/assets\/[^"]+\.css)">/g,
    (_, href: string) => `<style>${readFileSync(join(distDir, href), 'utf8')}</style>`,
  )
}

/**
 * The screen is drawn only once all of it has been read: the browser would otherwise paint the
 * part of the page it has parsed so far, and the card, centred on the page, would move up as the
 * rest of the form came in (a layout shift). `rel=expect` holds rendering until the marker after
 * the screen is parsed (Chromium; other browsers paint as they parse).
 */
const drawnMarker = 'login-drawn'
const drawnWhole = `<link rel="expect" href="#${drawnMarker}" blocking="render">`

/** The tab's title as the app sets it, in the page's language, written as HTML text. */
function escapeText(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;')
}

if (!existsSync(chromiumPath)) {
  console.info(`prerender: no Chromium at ${chromiumPath}; /login gets the plain index.html`)
  process.exit(0)
}

const browser = await launchChromium()
try {
  mkdirSync(outDir, { recursive: true })
  for (const locale of locales) {
    const context = await browser.newContext({ serviceWorkers: 'block' })
    await context.addInitScript((chosen) => localStorage.setItem('locale', chosen), locale)
    await context.route('**/*', async (route) => {
      const path = new URL(route.request().url()).pathname
      const file = join(distDir, path)
      if (path.startsWith('/api/') || !file.startsWith(distDir)) return route.abort()
      if (extname(path) !== '' && existsSync(file)) {
        return route.fulfill({
          body: readFileSync(file),
          contentType: contentTypes[extname(path)] ?? 'application/octet-stream',
        })
      }
      return route.fulfill({ body: indexHtml, contentType: 'text/html' })
    })
    const page = await context.newPage()
    await page.goto(`${origin}/login`)
    await page.locator('#root main form').waitFor()
    const screen = await page.locator('#root').innerHTML()
    const title = await page.title()
    await context.close()

    // The signed-in home's code, which index.html asks for with the page, is not the sign-in's.
    const head = indexHtml.slice(0, rootStart).replace(/<link [^>]*\bdata-home\b[^>]*>\s*/g, '')
    const html =
      inlineStylesheets(head)
        .replace(/<html lang="[^"]*">/, `<html lang="${intlTag[locale]}">`)
        .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(title)}</title>`)
        .replace('</head>', `${drawnWhole}</head>`) +
      `<div id="root"><div inert aria-hidden="true" style="display: contents">${screen}` +
      `<span id="${drawnMarker}"></span></div>` +
      indexHtml.slice(rootEnd)
    writeFileSync(join(outDir, `login-${locale}.html`), html)
  }
  console.info(`prerender: /login in ${locales.join(', ')} -> dist/prerendered/`)
} finally {
  await browser.close()
}
