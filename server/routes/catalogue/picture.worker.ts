/**
 * Makes an uploaded picture into the pack grid's sizes as WebP, on a worker thread that
 * `preparePicture` (pictures.ts) starts for each new upload: decoding a 4,000 px picture and
 * shrinking it takes seconds, which would stall every other request of the process. Each size is
 * shrunk from the next larger one (the largest from the picture), a fraction of the work of
 * shrinking each from the picture. Posts `{ webps }` (in the order of `sizes`), or
 * `{ unreadable: true }` when the picture does not decode to the size its header says.
 */
import { parentPort, workerData } from 'node:worker_threads'
import * as v from 'valibot'
import { decodePicture, resized, webpOf, type Pixels } from './picture-codecs.ts'

const size = v.object({ width: v.number(), height: v.number() })
const job = v.parse(
  v.object({
    type: v.picklist(['image/png', 'image/jpeg', 'image/webp']),
    bytes: v.instance(Uint8Array),
    width: v.number(),
    height: v.number(),
    sizes: v.array(size),
  }),
  workerData,
)

async function make(): Promise<{ webps: Uint8Array[] } | { unreadable: true }> {
  let pixels: Pixels
  try {
    pixels = await decodePicture(job.type, job.bytes)
  } catch {
    return { unreadable: true }
  }
  if (pixels.width !== job.width || pixels.height !== job.height) return { unreadable: true }
  const webps: Uint8Array[] = []
  let from = pixels
  for (const { width, height } of [...job.sizes].reverse()) {
    from = await resized(from, width, height)
    webps.unshift(await webpOf(from))
  }
  return { webps }
}

parentPort?.postMessage(await make())
