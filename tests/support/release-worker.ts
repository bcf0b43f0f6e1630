import { cpSync, rmSync } from 'node:fs'
import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'

/**
 * A copy of the build (`dist/`) in `folder`, for a test server to serve (`DIST_DIR`): a test may
 * then release a new service worker there while other runs and the build itself keep theirs.
 */
export function copyOfBuild(folder: string): string {
  rmSync(folder, { recursive: true, force: true })
  cpSync('dist', folder, { recursive: true })
  return folder
}

/**
 * A new release of the app on the server that serves `distDir` (a copy of the build, never
 * `dist/` itself): appends `line` to its service worker and to the `.br`/`.gz` copies the server
 * sends (scripts/build/compress-dist.ts); `restore` puts the files back as they were. Neither
 * browser suite can route a service worker's own update check, so the served worker itself
 * changes.
 */
export async function releaseWorker(distDir: string, line: string) {
  const worker = join(distDir, 'sw.js')
  const files = [worker, `${worker}.br`, `${worker}.gz`]
  const saved = await Promise.all(files.map((file) => readFile(file).catch(() => null)))
  const next = Buffer.from(`${(saved[0] ?? '').toString()}\n${line}`)
  await writeFile(worker, next)
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
