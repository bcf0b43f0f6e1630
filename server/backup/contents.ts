/**
 * What a database holds, as a backup's manifest records it and a restore checks it: the latest
 * migration applied and every table's row count.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import * as v from 'valibot'
import type { Database } from '../db/database.ts'
import { migrationsFolder } from '../db/pglite-template.ts'
import { rowsOf } from '../db/raw-rows.ts'

const journalSchema = v.object({
  entries: v.array(v.object({ idx: v.number(), when: v.number(), tag: v.string() })),
})

/** This build's migrations, in order: a tag each, and the time drizzle records it under. */
export function knownMigrations(): { tag: string; when: number }[] {
  const text = readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')
  return v.parse(journalSchema, JSON.parse(text)).entries.sort((a, b) => a.idx - b.idx)
}

/** The latest migration this build has: the schema version it writes and reads up to. */
export function currentSchemaVersion(): string {
  return knownMigrations().at(-1)?.tag ?? 'none'
}

/**
 * The tag of the latest migration applied to `db` (drizzle records each by its journal time);
 * `unknown-<time>` for one this build does not have, `none` before any.
 */
export async function schemaVersionOf(db: Database): Promise<string> {
  const [table] = rowsOf(
    await db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as found`),
  )
  if (table?.found !== true) return 'none'
  const [row] = rowsOf(
    await db.execute(sql`select max(created_at)::text as "when" from drizzle.__drizzle_migrations`),
  )
  const when = row?.when
  if (typeof when !== 'string') return 'none'
  const found = knownMigrations().find((migration) => String(migration.when) === when)
  return found?.tag ?? `unknown-${when}`
}

/**
 * Where `version` stands against this build: `newer` when this build does not know it (a later
 * release wrote it), else whether migrations are still to run on it.
 */
export function compareSchema(version: string): 'same' | 'older' | 'newer' {
  const tags = knownMigrations().map((migration) => migration.tag)
  if (version === 'none') return 'older'
  const index = tags.indexOf(version)
  if (index === -1) return 'newer'
  return index === tags.length - 1 ? 'same' : 'older'
}

/** The app's tables (schema `public`), by name. */
export async function tablesOf(db: Database): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )
  return rowsOf(result).map((row) => String(row.name))
}

/** Every table's row count, read in `db`'s snapshot (the caller's transaction, when it is one). */
export async function rowCountsOf(db: Database): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const table of await tablesOf(db)) {
    const [row] = rowsOf(
      await db.execute(sql`select count(*)::text as count from ${sql.identifier(table)}`),
    )
    counts[table] = Number(row?.count ?? 0)
  }
  return counts
}

/** The tables whose counts differ, as `table: expected → found` (empty when all agree). */
export function differingCounts(
  expected: Record<string, number>,
  found: Record<string, number>,
): string[] {
  const tables = [...new Set([...Object.keys(expected), ...Object.keys(found)])].sort()
  return tables
    .filter((table) => expected[table] !== found[table])
    .map((table) => `${table}: ${expected[table] ?? 'none'} → ${found[table] ?? 'none'}`)
}
