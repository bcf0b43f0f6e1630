/**
 * Part of `npm run build`: the migrated, empty PGlite cluster that a new embedded database starts
 * from (`server/db/pglite-template.ts`). Kept while the migrations stay the same.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder, templatePath } from '../server/db/pglite-template.ts'

const path = templatePath()
if (existsSync(path)) {
  console.info(`PGlite template: ${path} is current`)
} else {
  const client = await PGlite.create({ extensions: { pg_trgm } })
  await migrate(drizzle({ client }), { migrationsFolder })
  const tarball = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer())
  await client.close()
  mkdirSync(dirname(path), { recursive: true })
  // Templates of earlier migrations are never used again.
  for (const name of readdirSync(dirname(path))) {
    if (name.startsWith('pglite-') && name !== basename(path)) rmSync(join(dirname(path), name))
  }
  writeFileSync(`${path}.partial`, tarball)
  renameSync(`${path}.partial`, path)
  console.info(`PGlite template: wrote ${path} (${(tarball.length / 2 ** 20).toFixed(1)} MB)`)
}
