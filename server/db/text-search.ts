import { sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** Without case or the Serbian and Montenegrin diacritics: "cacak" finds "Čačak". */
export function folded(text: SQL | PgColumn) {
  return sql`lower(translate(${text}, 'ČĆŠŽĐčćšžđ', 'CCSZDccszd'))`
}

/**
 * An email as its trigram index holds it: lower case, with `.`, `@`, `_`, `-` and `+` as `q`.
 * pg_trgm makes trigrams of letters and digits only, so that the pattern `%g.mar%` would look up
 * `mar` alone, which a great many emails hold; as `%gqmar%` its trigrams are rare. An email
 * with a `q` of its own (no letter of Serbian or Montenegrin) may match such a key too, so a
 * search compares the email itself as well.
 */
export function emailKey(text: SQL | PgColumn) {
  return sql`translate(lower(${text}), '.@_-+', 'qqqqq')`
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
