import { and, asc, count, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { PgColumn } from 'drizzle-orm/pg-core'
import { pageSize } from '../../../src/contract/http.ts'
import type { Store, StoreList } from '../../../src/contract/stores.ts'
import type { Database } from '../../db/database.ts'
import { stores } from '../../db/schema/stores.ts'

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

/** Without case or the Serbian and Montenegrin diacritics: "cacak" finds "Čačak". */
function folded(text: SQL | PgColumn) {
  return sql`lower(translate(${text}, 'ČĆŠŽĐčćšžđ', 'CCSZDccszd'))`
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** Stores that are not archived whose name, address or city holds `query`, by name then id. */
export async function searchStores(db: Database, query: string, page: number): Promise<StoreList> {
  const pattern = sql`${'%' + escapeLike(query) + '%'}`
  const matches = (column: PgColumn) => sql`${folded(column)} like ${folded(pattern)}`
  const where = and(
    isNull(stores.archivedAt),
    query === ''
      ? undefined
      : or(matches(stores.name), matches(stores.address), matches(stores.city)),
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
