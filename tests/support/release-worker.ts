import { readFile, writeFile } from 'node:fs/promises'
import { brotliCompressSync, gzipSync } from 'node:zlib'

const builtWorker = 'dist/sw.js'

/**
 * A new release of the app on the server: appends `line` to the built service worker and to the
 * `.br`/`.gz` copies the server sends (scripts/compress-dist.ts); `restore` puts the files back as
 * they were. Neither browser suite can route a service worker's own update check, so the built
 * worker itself changes.
 */
export async function releaseWorker(line: string) {
  const files = [builtWorker, `${builtWorker}.br`, `${builtWorker}.gz`]
  const saved = await Promise.all(files.map((file) => readFile(file).catch(() => null)))
  const next = Buffer.from(`${(saved[0] ?? '').toString()}\n${line}`)
  await writeFile(builtWorker, next)
  if (saved[1]) await writeFile(files[1] ?? '', brotliCompressSync(next))
  if (saved[2]) await writeFile(files[2] ?? '', gzipSync(next))
  return {
    restore: () =>
      Promise.all(
        files.map((file, index) => {
          const bytes = saved[index]
          return bytes ? writeFile(file, bytes) : Promise.resolve()
        }),
      ),
  }
}
