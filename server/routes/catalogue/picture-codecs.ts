import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import decodeJpeg, { init as initJpegDecode } from '@jsquash/jpeg/decode.js'
import decodePng, { init as initPngDecode } from '@jsquash/png/decode.js'
import resize, { initResize } from '@jsquash/resize'
import decodeWebp, { init as initWebpDecode } from '@jsquash/webp/decode.js'
import encodeWebp, { init as initWebpEncode } from '@jsquash/webp/encode.js'

/**
 * The picture codecs (Squoosh's, as WebAssembly): no native build, nothing run at install. Their
 * glue fetches the `.wasm` beside it, which Node cannot do from a file: each is handed its bytes.
 */
export type Pixels = Awaited<ReturnType<typeof decodePng>>

const wasmBytes = (path: string) => readFile(fileURLToPath(import.meta.resolve(path)))

/** Emscripten's options: `wasmBinary` instead of fetching (the glue reads it; its types omit it). */
async function emscripten(path: string) {
  return { noInitialRun: true, wasmBinary: await wasmBytes(path) }
}

/** Each codec is made ready once, at its first use: a worker loads only the ones its picture needs. */
function once(load: () => Promise<unknown>): () => Promise<unknown> {
  let ready: Promise<unknown> | undefined
  return () => (ready ??= load())
}

const pngDecoder = once(async () =>
  initPngDecode(await wasmBytes('@jsquash/png/codec/pkg/squoosh_png_bg.wasm')),
)
const jpegDecoder = once(async () =>
  initJpegDecode(await emscripten('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm')),
)
const webpDecoder = once(async () =>
  initWebpDecode(await emscripten('@jsquash/webp/codec/dec/webp_dec.wasm')),
)
const resizer = once(async () =>
  initResize(await wasmBytes('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm')),
)
// Node has had WebAssembly SIMD since 16.4: the encoder picks its SIMD build.
const webpEncoder = once(async () =>
  initWebpEncode(await emscripten('@jsquash/webp/codec/enc/webp_enc_simd.wasm')),
)

/** The picture's pixels (RGBA), by the type its content showed. */
export async function decodePicture(
  type: 'image/png' | 'image/jpeg' | 'image/webp',
  bytes: Uint8Array,
): Promise<Pixels> {
  const buffer = bytes.slice().buffer
  if (type === 'image/png') {
    await pngDecoder()
    return decodePng(buffer)
  }
  if (type === 'image/jpeg') {
    await jpegDecoder()
    return decodeJpeg(buffer)
  }
  await webpDecoder()
  return decodeWebp(buffer)
}

/** The pixels shrunk to `width` x `height` (Lanczos). */
export async function resized(pixels: Pixels, width: number, height: number): Promise<Pixels> {
  if (width === pixels.width && height === pixels.height) return pixels
  await resizer()
  return resize(pixels, { width, height, method: 'lanczos3', fitMethod: 'stretch' })
}

export async function webpOf(pixels: Pixels): Promise<Uint8Array> {
  await webpEncoder()
  return new Uint8Array(await encodeWebp(pixels, { quality: 82 }))
}
