/**
 * After `vite build`: writes a Brotli (`.br`) and a gzip (`.gz`) copy beside every text file of
 * `dist/`, which the server sends to browsers that accept them (`serveStatic({ precompressed })`).
 * Compressing once at build time allows the slowest, smallest settings.
 */
import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'

const distDir = new URL('../../dist/', import.meta.url).pathname
const compressible = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/

let files = 0
let before = 0
let after = 0
for (const entry of await readdir(distDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !compressible.test(entry.name)) continue
  const path = join(entry.parentPath, entry.name)
  const bytes = await readFile(path)
  if (bytes.length < 512) continue
  const brotli = brotliCompressSync(bytes, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
    },
  })
  await writeFile(`${path}.br`, brotli)
  await writeFile(`${path}.gz`, gzipSync(bytes, { level: 9 }))
  files += 1
  before += bytes.length
  after += brotli.length
}
console.info(
  `compressed ${files} files: ${Math.round(before / 1024)} KiB -> ${Math.round(after / 1024)} KiB (brotli)`,
)
