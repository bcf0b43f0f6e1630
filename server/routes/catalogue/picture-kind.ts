/**
 * What a file is by its content (magic bytes), never by its name or the type the browser sent:
 * PNG, JPEG or WebP with its width and height from its header, read before any pixel is decoded
 * (a 20,000 px picture is refused without allocating its pixels). Anything else (a text file named
 * `.png`, an SVG, a GIF, a header cut short) is null.
 */
export type PictureKind = {
  type: 'image/png' | 'image/jpeg' | 'image/webp'
  width: number
  height: number
}

const startsWith = (bytes: Uint8Array, prefix: readonly number[], at = 0) =>
  prefix.every((byte, index) => bytes[at + index] === byte)
const ascii = (text: string) => Array.from(new TextEncoder().encode(text))

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]

export function pictureKind(bytes: Uint8Array): PictureKind | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  if (startsWith(bytes, pngSignature)) return png(bytes, view)
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return jpeg(bytes, view)
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return webp(bytes, view)
  }
  return null
}

const sized = (type: PictureKind['type'], width: number, height: number): PictureKind | null =>
  width > 0 && height > 0 ? { type, width, height } : null

/** The first chunk is IHDR: width and height as big-endian 32-bit numbers. */
function png(bytes: Uint8Array, view: DataView): PictureKind | null {
  if (bytes.length < 24 || !startsWith(bytes, ascii('IHDR'), 12)) return null
  return sized('image/png', view.getUint32(16), view.getUint32(20))
}

/** The segments up to the first start of frame (SOF0-SOF15 but DHT, JPG and DAC). */
function jpeg(bytes: Uint8Array, view: DataView): PictureKind | null {
  let at = 2
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return null
    const marker = bytes[at + 1] ?? 0
    if (marker === 0xff) {
      at += 1
      continue
    }
    // Markers without a length: TEM, RST0-7.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      at += 2
      continue
    }
    const length = view.getUint16(at + 2)
    if (length < 2) return null
    const isFrame = marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)
    if (isFrame) {
      if (at + 9 > bytes.length) return null
      return sized('image/jpeg', view.getUint16(at + 7), view.getUint16(at + 5))
    }
    if (marker === 0xd9 || marker === 0xda) return null
    at += 2 + length
  }
  return null
}

/** The first chunk: VP8 (lossy), VP8L (lossless) or VP8X (extended, the canvas's size). */
function webp(bytes: Uint8Array, view: DataView): PictureKind | null {
  if (bytes.length < 30) return null
  if (startsWith(bytes, ascii('VP8 '), 12)) {
    if (!startsWith(bytes, [0x9d, 0x01, 0x2a], 23)) return null
    return sized('image/webp', view.getUint16(26, true) & 0x3fff, view.getUint16(28, true) & 0x3fff)
  }
  if (startsWith(bytes, ascii('VP8L'), 12)) {
    if (bytes[20] !== 0x2f) return null
    const bits = view.getUint32(21, true)
    return sized('image/webp', (bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  if (startsWith(bytes, ascii('VP8X'), 12)) {
    const width = (view.getUint32(24, true) & 0xffffff) + 1
    const height = (view.getUint32(27, true) & 0xffffff) + 1
    return sized('image/webp', width, height)
  }
  return null
}
