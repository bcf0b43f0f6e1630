/**
 * A migrated, empty PGlite cluster from which a new database starts instead of running `initdb` in
 * WebAssembly and every migration. `npm run build` makes it (`scripts/build/pglite-template.ts`) in two
 * forms: the cluster's folder, copied into a new data folder with the file system's own copy (on a
 * worker thread; PGlite's tarball loader is slower, writing file by file through WebAssembly), and
 * the same as an uncompressed tarball for in-memory databases (the tests). Its name holds a digest
 * of the migrations, so a template of other migrations is never used. Without one, a new cluster is
 * made with `initdb` and every migration.
 */
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
const templateFolder = fileURLToPath(new URL('../../.build/', import.meta.url))

/**
 * Changes with the way `scripts/build/pglite-template.ts` makes the template, so that a template made
 * another way is not used (2: without the template databases).
 */
const templateForm = 2

/** Where the template of the current migrations is (or would be): its folder and its tarball. */
export function templatePaths(): { folder: string; tarball: string } {
  const digest = createHash('sha256').update(`form ${templateForm}\0`)
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name)
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue
    digest.update(name).update('\0').update(readFileSync(path)).update('\0')
  }
  const folder = join(templateFolder, `pglite-${digest.digest('hex').slice(0, 16)}`)
  return { folder, tarball: `${folder}.tar` }
}

/** The embedded database's own folder in the server's data folder (`DATA_DIR`). */
export function pgliteFolder(dataDir: string): string {
  return join(dataDir, 'pglite')
}

const copies = new Map<string, Promise<void>>()

/**
 * A data folder that is still empty gets a copy of the template's cluster, if one was made for
 * these migrations, on a worker thread (`copy-template.worker.ts`): main.ts starts it before the
 * server's modules load, which takes as long on the other core, and `openDatabase` waits for it.
 * Answers the same promise for the same folder; it settles at once when there is nothing to copy.
 */
export function copyTemplateInto(dataDir: string): Promise<void> {
  let copying = copies.get(dataDir)
  if (copying === undefined) {
    copying = startCopy(dataDir)
    // A failed copy is the caller's to report when it awaits it, not an unhandled rejection now.
    copying.catch(() => undefined)
    copies.set(dataDir, copying)
  }
  return copying
}

function startCopy(dataDir: string): Promise<void> {
  mkdirSync(dataDir, { recursive: true })
  if (readdirSync(dataDir).length > 0) return Promise.resolve()
  const { folder } = templatePaths()
  if (!existsSync(folder)) return Promise.resolve()
  const worker = new Worker(new URL('./copy-template.worker.ts', import.meta.url), {
    workerData: { template: folder, dataDir },
  })
  return new Promise((resolve, reject) => {
    worker.once('error', reject)
    worker.once('exit', (code) => {
      if (code === 0) resolve()
      else reject(new Error(`copying the database template into ${dataDir} stopped (${code})`))
    })
  })
}

/** The template as a tarball for a new in-memory database, read once per process (tests open many). */
export function templateTarball(): Blob | undefined {
  loaded ??= readTarball()
  return loaded.blob
}

let loaded: { blob: Blob | undefined } | undefined

function readTarball(): { blob: Blob | undefined } {
  const { tarball } = templatePaths()
  return { blob: existsSync(tarball) ? new Blob([readFileSync(tarball)]) : undefined }
}
