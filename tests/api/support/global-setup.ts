import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { fileURLToPath } from 'node:url'
import type { TestProject } from 'vitest/node'
import { openDatabase } from '../../../server/db/database.ts'
import { templatePaths } from '../../../server/db/pglite-template.ts'
import { adminStatement } from './postgres.ts'
import { fromTemplates } from './database-mode.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database each file's database is a copy of ('' without one). */
    postgresTemplate: string
  }
}

const projectDir = fileURLToPath(new URL('../../..', import.meta.url))

/**
 * The files run side by side, each on new databases: copying a migrated one is much cheaper than
 * migrating each. PGlite starts from the build's template (made here when the build has not run);
 * PostgreSQL from a database migrated once for this run and dropped after it.
 */
export async function setup(project: TestProject) {
  const { folder, tarball } = templatePaths()
  if (!existsSync(folder) || !existsSync(tarball)) {
    const made = spawnSync(process.execPath, ['scripts/build/pglite-template.ts'], {
      cwd: projectDir,
      stdio: 'inherit',
    })
    if (made.status !== 0) throw new Error(`the PGlite template was not made (${made.status})`)
  }

  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl || !fromTemplates) {
    project.provide('postgresTemplate', '')
    return
  }
  // Named for this run: runs of other checkouts may share the server.
  const name = `api_template_${randomBytes(6).toString('hex')}`
  await adminStatement(adminUrl, `create database "${name}"`)
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  // A copy needs the template without connections: this one is closed before any file starts.
  const drop = () => adminStatement(adminUrl, `drop database if exists "${name}" with (force)`)
  const template = await openDatabase({ databaseUrl: url.href, dataDir: tmpdir() })
  try {
    await template.migrate()
  } catch (error) {
    await template.close()
    await drop()
    throw error
  }
  await template.close()
  project.provide('postgresTemplate', name)
  return drop
}
