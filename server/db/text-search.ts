import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** Without case or the Serbian and Montenegrin diacritics: "cacak" finds "Čačak". */
export function folded(text: SQL | PgColumn) {
  return sql`lower(translate(${text}, 'ČĆŠŽĐčćšžđ', 'CCSZDccszd'))`
}

/** `text` for a `like` pattern: `%`, `_` and `\\` in it are plain characters. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** The `like` pattern of text holding `query`: `%`, `_` and `\\` in it are plain characters. */
export function containsPattern(query: string): string {
  return `%${escapeLike(query)}%`
}

/** `column` holds `query`, folded; `%` and `_` in the query are plain characters. */
export function containsFolded(column: PgColumn, query: string): SQL {
  return sql`${folded(column)} like ${folded(sql`${containsPattern(query)}`)}`
}
