import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Dashboard, DashboardQuery } from '#contract/reports.ts'
import type { PgColumn } from 'drizzle-orm/pg-core'
import type { Database } from '../../db/database.ts'
import { withinDays } from '../../db/day-range.ts'
import { stores } from '../../db/schema/stores.ts'
import { trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'
import { notRejected } from '../trials/queries.ts'

/** How many experts the dashboard ranks. */
const topExperts = 10

/** Counts of a column's values among the trials, most first (trials without it left out). */
async function mix(db: Database, column: PgColumn, where: SQL | undefined) {
  const key = sql<string>`${column}`
  const rows = await db
    .select({ key, count: count() })
    .from(trials)
    .where(and(where, sql`${column} is not null`))
    .groupBy(column)
    .orderBy(desc(count()), column)
  return rows
}

/**
 * `GET /report/dashboard`: the figures of the trials captured within the days asked for, by SQL
 * aggregates.
 */
export async function dashboard(
  db: Database,
  query: DashboardQuery,
  timeZone: string,
): Promise<Dashboard> {
  // A rejected trial (a test, a duplicate) counts nowhere (docs/api.md#review).
  const where = and(...withinDays(trials.capturedAt, query, timeZone), notRejected)
  const day = sql<string>`to_char(${trials.capturedAt} at time zone ${timeZone}, 'YYYY-MM-DD')`
  const perDay = await db
    .select({ day, count: count() })
    .from(trials)
    .where(where)
    // By position: the day expression holds a parameter, and would not be the same twice.
    .groupBy(sql`1`)
    .orderBy(sql`1`)
  const perStore = await db
    .select({ storeId: stores.id, name: stores.name, count: count() })
    .from(trials)
    .innerJoin(stores, eq(stores.id, trials.storeId))
    .where(where)
    .groupBy(stores.id, stores.name)
    .orderBy(desc(count()), stores.name, stores.id)
  const perExpert = await db
    .select({ userId: users.id, name: users.fullname, count: count() })
    .from(trials)
    .innerJoin(users, eq(users.id, trials.userId))
    .where(where)
    .groupBy(users.id, users.fullname)
    .orderBy(desc(count()), users.fullname, users.id)
    .limit(topExperts)
  const [shopping] = await db
    .select({
      answered: sql<number>`count(${trials.shopping})::int`,
      yes: sql<number>`count(*) filter (where ${trials.shopping} = 'yes')::int`,
    })
    .from(trials)
    .where(where)
  const stick = sql<string>`stick.value`
  const sticks = await db
    .select({ key: stick, count: count() })
    .from(trials)
    .innerJoin(
      sql`jsonb_array_elements_text(${trials.answers} -> 'consumptionOrder') as stick(value)`,
      sql`true`,
    )
    .where(and(where, eq(trials.kind, 'guided')))
    .groupBy(stick)
    .orderBy(desc(count()), stick)
  const delay = sql`extract(epoch from (${trials.receivedAt} - ${trials.capturedAt}))`
  const [arrival] = await db
    .select({
      median: sql<number>`coalesce(percentile_cont(0.5) within group (order by ${delay}), 0)::float8`,
      p95: sql<number>`coalesce(percentile_cont(0.95) within group (order by ${delay}), 0)::float8`,
      late: sql<number>`count(*) filter (where ${delay} > 3600)::int`,
    })
    .from(trials)
    .where(where)
  const answered = shopping?.answered ?? 0
  return {
    trialsPerDay: perDay,
    trialsPerStore: perStore,
    trialsPerExpert: perExpert,
    conversion: answered === 0 ? 0 : (shopping?.yes ?? 0) / answered,
    ageRanges: await mix(db, trials.ageRange, where),
    genders: await mix(db, trials.gender, where),
    sticks,
    arrival: {
      medianDelaySeconds: Math.round(arrival?.median ?? 0),
      p95DelaySeconds: Math.round(arrival?.p95 ?? 0),
      lateOverHour: arrival?.late ?? 0,
    },
  }
}
