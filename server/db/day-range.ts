import { gte, lt, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'

/** The instant a date starts in a time zone, computed by the database (summer time included). */
function startOf(date: SQL, timeZone: string | SQL): SQL {
  return sql`(${date})::timestamp at time zone ${timeZone}`
}

/**
 * `column` within the days `startAt` to `endAt` (`YYYY-MM-DD`), both whole and included, as days
 * of `timeZone` (the stores' days, not UTC's). A bound left out does not limit. The days and the
 * time zone may be placeholders of a prepared statement.
 */
export function withinDays(
  column: PgColumn,
  { startAt, endAt }: { startAt?: string | SQL | undefined; endAt?: string | SQL | undefined },
  timeZone: string | SQL,
): SQL[] {
  const conditions: SQL[] = []
  if (startAt !== undefined) conditions.push(gte(column, startOf(sql`${startAt}::date`, timeZone)))
  if (endAt !== undefined) conditions.push(lt(column, startOf(sql`${endAt}::date + 1`, timeZone)))
  return conditions
}
