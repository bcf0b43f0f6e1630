import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs'
import { join } from 'node:path'
import { webpOf, type Pixels } from '../server/routes/catalogue/picture-codecs.ts'
import { openDatabase } from '../server/db/database.ts'
import { packImages, packs } from '../server/db/schema/catalogue.ts'
import { packImagePathOf } from '../server/routes/catalogue/pictures.ts'
import { projectDir } from './server.ts'

/**
 * Photo-like pack pictures for the first morning (docs/quality.md): WebP of the pack grid's first
 * size, 20-40 KB each as a tablet downloads them. Soft shapes over a shaded ground with a film
 * grain, whose strength sets the size: flat artwork would compress to a few KB and flatter the
 * link. The same index gives the same picture; they are kept in `.build/bench-packs/` once made
 * (encoding 500 takes a minute).
 */

export const pictureWidth = 270
export const pictureHeight = 360
export const pictureMinBytes = 20_000
export const pictureMaxBytes = 40_000

/** A small deterministic generator (mulberry32): the same seed, the same picture. */
function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function photoLike(seed: number): Pixels {
  const next = random(seed)
  const width = pictureWidth
  const height = pictureHeight
  const data = new Uint8ClampedArray(width * height * 4)
  const colour = () => [next() * 255, next() * 255, next() * 255] as const
  const ground = colour()
  const shapes = Array.from({ length: 12 }, () => ({
    x: next() * width,
    y: next() * height,
    radius: 30 + next() * 160,
    colour: colour(),
  }))
  const grain = 26 + next() * 12
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      let pixel = ground.map(
        (value, channel) => value * (0.6 + 0.4 * Math.sin((x * (channel + 1)) / 90 + y / 70)),
      )
      for (const shape of shapes) {
        const distance = Math.hypot(x - shape.x, y - shape.y) / shape.radius
        if (distance >= 1) continue
        const weight = (1 - distance) ** 2
        pixel = pixel.map(
          (value, channel) => value * (1 - weight) + (shape.colour[channel] ?? 0) * weight,
        )
      }
      const noise = (next() - 0.5) * grain
      const at = (y * width + x) * 4
      data[at] = (pixel[0] ?? 0) + noise
      data[at + 1] = (pixel[1] ?? 0) + noise
      data[at + 2] = (pixel[2] ?? 0) + noise
      data[at + 3] = 255
    }
  }
  return { data, width, height, colorSpace: 'srgb' }
}

export type PackPicture = { hash: string; bytes: Uint8Array }

/** The pictures 1 to `count`, made or read from the cache folder. */
export async function packPictures(count: number): Promise<PackPicture[]> {
  const folder = join(projectDir, '.build', 'bench-packs')
  mkdirSync(folder, { recursive: true })
  const pictures: PackPicture[] = []
  for (let index = 1; index <= count; index++) {
    const file = join(folder, `${pictureWidth}x${pictureHeight}-${index}.webp`)
    const bytes = existsSync(file)
      ? new Uint8Array(readFileSync(file))
      : await webpOf(photoLike(index))
    if (!existsSync(file)) writeFileSync(file, bytes)
    if (bytes.length < pictureMinBytes || bytes.length > pictureMaxBytes) {
      throw new Error(`pack picture ${index} is ${bytes.length} bytes, outside 20-40 KB`)
    }
    pictures.push({ hash: createHash('sha256').update(bytes).digest('hex'), bytes })
  }
  return pictures
}

/** Whether a request the link counted (`GET /path`) asked for a pack picture. */
export const isPackPicture = (request: string) => request.includes('/media/packs/')

/** The packs a first morning adds to the demo's catalogue, each with its picture. */
export const morningPacks = 500
const families = 10

/**
 * The catalogue with `pictures`' packs, written into a data folder no server runs on (a copy of the
 * demo database): a pack for each, in ten families of both types.
 */
export async function addPacks(dataDir: string, pictures: readonly PackPicture[]): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: undefined })
  try {
    await database.db.insert(packImages).values(
      pictures.map(({ hash, bytes }) => ({
        hash,
        source: hash,
        contentType: 'image/webp',
        width: pictureWidth,
        height: pictureHeight,
        bytes,
      })),
    )
    await database.db.insert(packs).values(
      pictures.map(({ hash }, index) => ({
        type: index % 2 === 0 ? ('HTS' as const) : ('RMC' as const),
        brandFamily: `Morning ${(index % families) + 1}`,
        brandName: `Morning ${(index % families) + 1} pack ${index + 1}`,
        image: packImagePathOf(hash),
      })),
    )
  } finally {
    await database.close()
  }
}
