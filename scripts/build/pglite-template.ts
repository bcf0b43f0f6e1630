/**
 * Part of `npm run build`: the migrated, empty PGlite cluster that a new embedded database starts
 * from (`server/db/pglite-template.ts`), as a folder and as a tarball. Kept while the migrations
 * stay the same.
 */
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { drizzle } from 'drizzle-orm/pglite'
import { migrate } from 'drizzle-orm/pglite/migrator'
import { migrationsFolder, templatePaths } from '../../server/db/pglite-template.ts'

const { folder, tarball } = templatePaths()
if (existsSync(folder) && existsSync(tarball)) {
  console.info(`PGlite template: ${folder} is current`)
} else {
  const migrated = await PGlite.create({ extensions: { pg_trgm } })
  await migrate(drizzle({ client: migrated }), { migrationsFolder })
  // The server uses the database `postgres` only. The template databases are a large part of the
  // cluster's files, and a new data folder is a copy of them, paid for file by file.
  await migrated.exec(
    `update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  )
  await migrated.exec('drop database template0')
  await migrated.exec('drop database template1')
  const tar = await migrated.dumpDataDir('none')
  await migrated.close()

  const build = dirname(folder)
  mkdirSync(build, { recursive: true })
  // Templates of earlier migrations are never used again.
  for (const name of readdirSync(build)) {
    if (name.startsWith('pglite-') && name !== basename(folder) && name !== basename(tarball)) {
      rmSync(join(build, name), { recursive: true, force: true })
    }
  }
  writeFileSync(`${tarball}.partial`, Buffer.from(await tar.arrayBuffer()))
  renameSync(`${tarball}.partial`, tarball)
  // The folder: the same cluster, unpacked by PGlite itself into a data folder and shut down.
  const partial = `${folder}.partial`
  rmSync(partial, { recursive: true, force: true })
  rmSync(folder, { recursive: true, force: true })
  const unpacked = await PGlite.create(partial, { extensions: { pg_trgm }, loadDataDir: tar })
  await unpacked.close()
  renameSync(partial, folder)
  console.info(
    `PGlite template: wrote ${folder} and ${basename(tarball)} (${(tar.size / 2 ** 20).toFixed(1)} MB)`,
  )
}
