import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import * as v from 'valibot'
import { migrationsFolder } from '../../../server/db/pglite-template.ts'

const journalSchema = v.looseObject({
  entries: v.array(v.looseObject({ tag: v.string() })),
})

/**
 * A copy of the committed migrations whose journal ends at `lastTag` (`0008_sessions_audit`): a
 * database migrated from it is the one a server of that step left, for a test to fill as that
 * code did before it migrates the rest (`OpenDatabase.migrate()`).
 */
export function migrationsUpTo(lastTag: string): string {
  const folder = mkdtempSync(join(tmpdir(), 'migrations-'))
  cpSync(migrationsFolder, folder, { recursive: true })
  const journalPath = join(folder, 'meta', '_journal.json')
  const journal = v.parse(journalSchema, JSON.parse(readFileSync(journalPath, 'utf8')))
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag)
  if (last < 0) throw new Error(`no migration ${lastTag}`)
  writeFileSync(
    journalPath,
    JSON.stringify({ ...journal, entries: journal.entries.slice(0, last + 1) }),
  )
  return folder
}

/** The tag of the last committed migration: the schema a database is migrated to. */
export function latestMigrationTag(): string {
  const journalPath = join(migrationsFolder, 'meta', '_journal.json')
  const journal = v.parse(journalSchema, JSON.parse(readFileSync(journalPath, 'utf8')))
  const last = journal.entries.at(-1)
  if (!last) throw new Error('no migration')
  return last.tag
}
