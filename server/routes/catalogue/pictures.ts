import { createHash } from 'node:crypto'
import { Worker } from 'node:worker_threads'
import { asc, desc, eq } from 'drizzle-orm'
import type { Context } from 'hono'
import * as v from 'valibot'
import { catalogueMessages } from '#contract/catalogue-messages.ts'
import {
  pictureField,
  pictureMaxBytes,
  pictureMaxSide,
  pictureSizes,
  type Picture,
} from '#contract/catalogue-requests.ts'
import { messages } from '#contract/messages.ts'
import type { Database } from '../../db/database.ts'
import { packImages } from '../../db/schema/catalogue.ts'
import { HttpError } from '../../http-error.ts'
import { pictureKind } from './picture-kind.ts'

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')

/** A refusal of the picture: 400 naming the field. */
const refused = (message: string) =>
  new HttpError(400, message, { invalidFields: [{ field: pictureField, message }] })

/** The uploaded file's bytes from the multipart body; a body that is not a form is a 400. */
export async function readPicture(c: Context): Promise<Uint8Array> {
  let form: FormData
  try {
    form = await c.req.raw.formData()
  } catch (error) {
    // The body limit's refusal (413) passes; anything else is a body that is not a form.
    if (error instanceof HttpError) throw error
    throw new HttpError(400, messages.invalidRequest.id)
  }
  const file = form.get(pictureField)
  if (!(file instanceof File)) throw refused(messages.required.id)
  if (file.size > pictureMaxBytes) throw refused(catalogueMessages.pictureTooLarge.id)
  return new Uint8Array(await file.arrayBuffer())
}

/** `./packs/<hash>.webp`: the path a pack stores, under the asset location. */
export const packImagePathOf = (hash: string) => `./packs/${hash}.webp`

/** The size of each of the grid's boxes: the picture shrunk to fit, never enlarged. */
function fitted(width: number, height: number) {
  return pictureSizes.map((box) => {
    const scale = Math.min(1, box.width / width, box.height / height)
    return {
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
    }
  })
}

const madeSchema = v.union([
  v.object({ webps: v.array(v.instance(Uint8Array)) }),
  v.object({ unreadable: v.literal(true) }),
])

/** Decodes and shrinks the picture on a worker thread (picture.worker.ts). */
function onWorker(job: {
  type: string
  bytes: Uint8Array
  width: number
  height: number
  sizes: { width: number; height: number }[]
}): Promise<v.InferOutput<typeof madeSchema>> {
  const worker = new Worker(new URL('./picture.worker.ts', import.meta.url), { workerData: job })
  return new Promise((resolve, reject) => {
    worker.once('message', (message) => {
      resolve(v.parse(madeSchema, message))
      void worker.terminate()
    })
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`the picture worker stopped (${code})`)))
  })
}

/** The picture the upload made before (by the upload's hash): its largest size. */
async function madeBefore(db: Database, source: string): Promise<Picture | undefined> {
  const [largest] = await db
    .select({ hash: packImages.hash })
    .from(packImages)
    .where(eq(packImages.source, source))
    .orderBy(desc(packImages.width), asc(packImages.hash))
    .limit(1)
  return largest && { id: largest.hash, image: packImagePathOf(largest.hash) }
}

type Size = typeof packImages.$inferInsert

/**
 * What an upload comes to: the picture it made before, or the sizes to store. Checks the picture
 * by its content (type, dimensions, whether it decodes to the size its header says), then makes
 * it into the pack grid's sizes as WebP, each addressed by its SHA-256. Outside any transaction:
 * decoding and encoding take a while, and hold no row.
 */
export async function preparePicture(
  db: Database,
  bytes: Uint8Array,
): Promise<{ picture: Picture; sizes: Size[] }> {
  const kind = pictureKind(bytes)
  if (!kind) throw refused(catalogueMessages.pictureType.id)
  if (kind.width > pictureMaxSide || kind.height > pictureMaxSide) {
    throw refused(catalogueMessages.pictureDimensions.id)
  }
  const source = sha256(bytes)
  const before = await madeBefore(db, source)
  if (before) return { picture: before, sizes: [] }

  const boxes = fitted(kind.width, kind.height)
  const made = await onWorker({ ...kind, bytes, sizes: boxes })
  // Not decodable, or the header said one size and the pixels another: crafted or damaged.
  if (!('webps' in made)) throw refused(catalogueMessages.pictureUnreadable.id)
  const sizes: Size[] = boxes.map((box, index) => {
    const webp = made.webps[index]
    if (!webp) throw new Error('a picture size is missing')
    return { hash: sha256(webp), source, contentType: 'image/webp', ...box, bytes: webp }
  })
  const largest = sizes.at(-1)
  if (!largest) throw new Error('no picture sizes')
  return { picture: { id: largest.hash, image: packImagePathOf(largest.hash) }, sizes }
}

/** Stores the sizes in `tx`; answers whether any was new (a picture uploaded before is not). */
export async function storePicture(tx: Database, sizes: Size[], now: Date): Promise<boolean> {
  if (sizes.length === 0) return false
  const stored = await tx
    .insert(packImages)
    .values(sizes.map((size) => ({ ...size, createdAt: now })))
    .onConflictDoNothing()
    .returning({ hash: packImages.hash })
  return stored.length > 0
}

/** A stored size by its hash, for `/media/packs/<hash>.webp`. */
export async function findPackImage(db: Database, hash: string) {
  const [row] = await db
    .select({ contentType: packImages.contentType, bytes: packImages.bytes })
    .from(packImages)
    .where(eq(packImages.hash, hash))
  return row
}

/** Whether `./packs/<hash>.webp` names a stored picture. */
export async function packImageStored(db: Database, image: string): Promise<boolean> {
  const hash = /^\.\/packs\/([0-9a-f]{64})\.webp$/.exec(image)?.[1]
  if (hash === undefined) return false
  const [row] = await db
    .select({ hash: packImages.hash })
    .from(packImages)
    .where(eq(packImages.hash, hash))
  return row !== undefined
}
