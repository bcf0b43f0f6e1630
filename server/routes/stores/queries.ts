import { and, asc, count, eq, isNull, or, sql } from 'drizzle-orm'
import { pageSize } from '#contract/http.ts'
import type { Store, StoreList } from '#contract/stores.ts'
import type { Database } from '../../db/database.ts'
import { stores } from '../../db/schema/stores.ts'
import { placeholder, preparedStatements } from '../../db/prepared.ts'
import { containsPattern, folded } from '../../db/text-search.ts'

const storeColumns = {
  id: stores.id,
  name: stores.name,
  address: stores.address,
  city: stores.city,
  country: stores.country,
  createdAt: stores.createdAt,
}

function toStore(row: Omit<Store, 'createdAt'> & { createdAt: Date }): Store {
  return { ...row, createdAt: row.createdAt.toISOString() }
}

/**
 * The store search's two statements (a page of rows, and the count of every match), prepared
 * once per database: one pair for a query, one for none. A query is compared with the name,
 * address and city as the database keeps them folded.
 */
function searchStatements(db: Database, withQuery: boolean) {
  // Folded once per run (a sub-select): in a plan made once, `folded($1)` would be worked out
  // again for every row it is compared with.
  const pattern = sql`(select ${folded(placeholder('pattern'))})`
  const where = and(
    isNull(stores.archivedAt),
    withQuery
      ? or(
          ...[stores.foldedName, stores.foldedAddress, stores.foldedCity].map(
            (column) => sql`${column} like ${pattern}`,
          ),
        )
      : undefined,
  )
  const name = withQuery ? 'stores_search' : 'stores_all'
  return {
    rows: db
      .select(storeColumns)
      .from(stores)
      .where(where)
      .orderBy(asc(stores.name), asc(stores.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name),
    count: db.select({ count: count() }).from(stores).where(where).prepare(`${name}_count`),
  }
}

const prepared = preparedStatements<ReturnType<typeof searchStatements>>()

/** Stores that are not archived whose name, address or city holds `query`, by name then id. */
export async function searchStores(db: Database, query: string, page: number): Promise<StoreList> {
  const withQuery = query !== ''
  const statements = prepared(db, String(withQuery), (on) => searchStatements(on, withQuery))
  const values = { pattern: containsPattern(query) }
  const [rows, [total]] = await Promise.all([
    statements.rows.execute({ ...values, limit: pageSize, offset: (page - 1) * pageSize }),
    statements.count.execute(values),
  ])
  return { rows: rows.map(toStore), count: total?.count ?? 0 }
}

/** A store that is not archived. */
export async function findStore(db: Database, id: number): Promise<Store | null> {
  const [row] = await db
    .select(storeColumns)
    .from(stores)
    .where(and(eq(stores.id, id), isNull(stores.archivedAt)))
  return row ? toStore(row) : null
}
