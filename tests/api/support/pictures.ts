import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { crc32, deflateSync } from 'node:zlib'
import encodeJpeg, { init as initJpegEncode } from '@jsquash/jpeg/encode.js'
import encodeWebp, { init as initWebpEncode } from '@jsquash/webp/encode.js'
// Defines `ImageData` in Node (the codecs' polyfill), which the encoders take.
import '@jsquash/png/decode.js'
import { pictureField } from '../../../src/contract/catalogue-requests.ts'

/**
 * Small real pictures for the upload tests, made here: a PNG written by hand (zlib and CRC-32 from
 * Node), a JPEG and a WebP from the same codecs the server decodes with.
 */

type Rgba = (x: number, y: number) => readonly [number, number, number, number]

/** A gradient with a band, so that no two sizes or colours give the same bytes. */
export const gradient =
  (hue = 0): Rgba =>
  (x, y) => [(x * 7 + hue) % 256, (y * 3 + hue) % 256, (x + y) % 256, 255]

function pixelsOf(width: number, height: number, colour: Rgba): Uint8ClampedArray<ArrayBuffer> {
  const data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(colour(x, y), (y * width + x) * 4)
  }
  return data
}

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** An 8-bit RGBA PNG; `claimed` writes other dimensions in its header than its pixels have. */
export function pngOf(
  width: number,
  height: number,
  colour: Rgba = gradient(),
  claimed?: { width: number; height: number },
): Uint8Array {
  const pixels = pixelsOf(width, height, colour)
  const rows = Buffer.alloc(height * (width * 4 + 1))
  for (let y = 0; y < height; y++) {
    rows[y * (width * 4 + 1)] = 0
    rows.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1)
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(claimed?.width ?? width, 0)
  header.writeUInt32BE(claimed?.height ?? height, 4)
  header.set([8, 6, 0, 0, 0], 8)
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', new Uint8Array()),
  ])
}

let encoders: Promise<unknown> | undefined
const wasm = async (path: string) => ({
  noInitialRun: true,
  wasmBinary: await readFile(fileURLToPath(import.meta.resolve(path))),
})
function loadEncoders() {
  encoders ??= Promise.all([
    (async () => initJpegEncode(await wasm('@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm')))(),
    (async () => initWebpEncode(await wasm('@jsquash/webp/codec/enc/webp_enc_simd.wasm')))(),
  ])
  return encoders
}

export async function jpegOf(width: number, height: number, colour: Rgba = gradient(40)) {
  await loadEncoders()
  const image = new ImageData(pixelsOf(width, height, colour), width, height)
  return new Uint8Array(await encodeJpeg(image, { quality: 90 }))
}

export async function webpOf(width: number, height: number, colour: Rgba = gradient(80)) {
  await loadEncoders()
  const image = new ImageData(pixelsOf(width, height, colour), width, height)
  return new Uint8Array(await encodeWebp(image, { quality: 90 }))
}

/** The multipart body of an upload: the bytes under the picture's field, with a file name. */
export function pictureForm(bytes: Uint8Array, name = 'pack.png', type = 'image/png'): FormData {
  const form = new FormData()
  form.append(pictureField, new Blob([bytes.slice()], { type }), name)
  return form
}
