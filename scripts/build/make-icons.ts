/**
 * Renders the app icons (PNG) from the SVG logo with the system Chromium:
 * `node scripts/build/make-icons.ts`. The PNGs are committed; run this again only when the logo changes.
 */
import { readFileSync } from 'node:fs'
import { launchChromium } from '../../tests/support/chromium.ts'

const logo = readFileSync('public/favicon.svg', 'utf8')
const mark = logo
  .replace(/^<svg[^>]*>/, '')
  .replace(/<\/svg>\s*$/, '')
  .replace(/<rect[^>]*\/>/, '')
const brand = '#0b4f9c'

/** `maskable` icons keep the mark inside the central 80 % safe zone on a full-bleed background. */
function svg(size: number, maskable: boolean): string {
  const inner = maskable ? 0.6 : 1
  const offset = ((1 - inner) / 2) * 64
  const background = maskable
    ? `<rect width="64" height="64" fill="${brand}"/>`
    : `<rect width="64" height="64" rx="14" fill="${brand}"/>`
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 64 64">${background}<g transform="translate(${offset} ${offset}) scale(${inner})">${mark}</g></svg>`
}

const icons = [
  { file: 'public/icons/icon-192.png', size: 192, maskable: false },
  { file: 'public/icons/icon-512.png', size: 512, maskable: false },
  { file: 'public/icons/maskable-512.png', size: 512, maskable: true },
  { file: 'public/icons/apple-touch-icon.png', size: 180, maskable: true },
]

const browser = await launchChromium()
for (const icon of icons) {
  const page = await browser.newPage({ viewport: { width: icon.size, height: icon.size } })
  await page.setContent(
    `<html><body style="margin:0;background:transparent">${svg(icon.size, icon.maskable)}</body></html>`,
  )
  await page.screenshot({ path: icon.file, omitBackground: true })
  await page.close()
}
await browser.close()
