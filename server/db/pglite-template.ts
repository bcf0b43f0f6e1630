/**
 * A migrated, empty PGlite cluster kept as a tarball, from which a new data folder starts instead of
 * running `initdb` in WebAssembly and every migration (about 2.4 s on this project's 2 cores;
 * loading the tarball takes under 1 s). `npm run build` makes it (`scripts/pglite-template.ts`);
 * its name holds a digest of the migrations, so a template of other migrations is never used.
 * Without one, a new folder is created as before: the template only makes the first start faster.
 */
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url))
const templateFolder = fileURLToPath(new URL('../../.build/', import.meta.url))

/** Where the template of the current migrations is (or would be). */
export function templatePath(): string {
  const digest = createHash('sha256')
  for (const name of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const path = join(migrationsFolder, name)
    if (!name.endsWith('.sql') && !name.endsWith('.json')) continue
    digest.update(name).update('\0').update(readFileSync(path)).update('\0')
  }
  return join(templateFolder, `pglite-${digest.digest('hex').slice(0, 16)}.tar.gz`)
}

/**
 * The template for a new cluster, in memory or in a data folder that is still empty, if one was
 * made for these migrations.
 */
export function templateFor(dataDir: string | undefined): Blob | undefined {
  if (dataDir !== undefined && readdirSync(dataDir).length > 0) return undefined
  loaded ??= readTemplate()
  return loaded.blob
}

/** Read once per process: tests open many in-memory databases from it. */
let loaded: { blob: Blob | undefined } | undefined

function readTemplate(): { blob: Blob | undefined } {
  const path = templatePath()
  return { blob: existsSync(path) ? new Blob([readFileSync(path)]) : undefined }
}
