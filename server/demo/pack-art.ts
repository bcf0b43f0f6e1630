import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { cataloguePacks, type CataloguePack } from './catalogue-data.ts'

/**
 * The demo catalogue's pack artwork: a pack with its family's name and its variant's colour band.
 * `node server/demo/pack-art.ts` (re)writes `server/media/packs/`; the files are committed.
 */

const font = 'font-family="Arial,Helvetica,sans-serif" text-anchor="middle"'

function escapeXml(text: string): string {
  return text.replace(/[<>&"]/g, (char) => `&#${char.charCodeAt(0)};`)
}

/** Black or white, whichever reads better on `hex`. */
function inkOn(hex: string): string {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16))
  return 0.299 * r + 0.587 * g + 0.114 * b > 150 ? '#111' : '#fff'
}

export function packSvg(pack: CataloguePack): string {
  const ink = inkOn(pack.colour)
  const words = pack.brandFamily.toUpperCase().split(' ')
  const top = words.length > 1 ? 58 : 68
  const family = words
    .map((word, line) => `<tspan x="60" y="${top + line * 20}">${escapeXml(word)}</tspan>`)
    .join('')
  const variant = pack.brandName.slice(pack.brandFamily.length + 1).toUpperCase()
  const contents = pack.type === 'HTS' ? '20 HEATED TOBACCO STICKS' : '20 CIGARETTES'
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="170" viewBox="0 0 120 170" role="img" aria-label="${escapeXml(pack.brandName)}">`,
    `<rect x="4" y="4" width="112" height="162" rx="9" fill="${pack.colour}" stroke="#0003"/>`,
    `<path d="M4 36h112" stroke="${ink}" stroke-opacity=".3"/>`,
    `<text ${font} font-size="17" font-weight="700" fill="${ink}">${family}</text>`,
    `<rect x="4" y="100" width="112" height="26" fill="${pack.band}"/>`,
    `<text x="60" y="117.5" ${font} font-size="12" font-weight="700" fill="${inkOn(pack.band)}">${escapeXml(variant)}</text>`,
    `<text x="60" y="152" ${font} font-size="7" fill="${ink}" fill-opacity=".8">${contents}</text>`,
    '</svg>',
    '',
  ].join('\n')
}

/** `server/media`: where `./packs/…` images are served from (`/media/` by default). */
export const mediaDir = fileURLToPath(new URL('../media', import.meta.url))

/** Writes one SVG per pack that has an image, and removes the ones no pack has any more. */
export function writePackArt(dir: string = mediaDir): string[] {
  const packsDir = join(dir, 'packs')
  mkdirSync(packsDir, { recursive: true })
  const written: string[] = []
  for (const pack of cataloguePacks) {
    if (pack.image === null) continue
    const file = pack.image.replace(/^\.\//, '')
    writeFileSync(join(dir, file), packSvg(pack))
    written.push(file)
  }
  for (const file of readdirSync(packsDir)) {
    if (!written.includes(`packs/${file}`)) rmSync(join(packsDir, file))
  }
  return written
}

if (import.meta.main) {
  console.info(`Wrote ${writePackArt().length} pack images to ${join(mediaDir, 'packs')}.`)
}
