import { and, asc, count, eq, isNull, or } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { pageSize } from '../../../src/contract/http.ts'
import type { Store, StoreList } from '../../../src/contract/stores.ts'
import type { Database } from '../../db/database.ts'
import { stores } from '../../db/schema/stores.ts'
import { containsFolded } from '../../db/text-search.ts'

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

/** Stores that are not archived whose name, address or city holds `query`, by name then id. */
export async function searchStores(db: Database, query: string, page: number): Promise<StoreList> {
  const matches = (column: PgColumn) => containsFolded(column, query)
  const where = and(
    isNull(stores.archivedAt),
    query === '' ? undefined : or(...[stores.name, stores.address, stores.city].map(matches)),
  )
  const rows = await db
    .select(storeColumns)
    .from(stores)
    .where(where)
    .orderBy(asc(stores.name), asc(stores.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(stores).where(where)
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
