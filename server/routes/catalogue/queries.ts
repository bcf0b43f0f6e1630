import { and, asc, count, eq } from 'drizzle-orm'
import { pageSize } from '#contract/http.ts'
import type { BrandFamily, PackRow, PackType, ProductRow } from '#contract/catalogue.ts'
import type { Database } from '../../db/database.ts'
import { packs, products } from '../../db/schema/catalogue.ts'
import { containsFolded, folded } from '../../db/text-search.ts'

type List<T> = { rows: T[]; count: number }

/**
 * The brand families of a pack type (those holding `query`, when given), by name (Š as S): those
 * with a pack new trials may offer, or with any pack when `includeRetired`.
 */
export async function searchBrandFamilies(
  db: Database,
  type: PackType,
  query: string,
  includeRetired = false,
): Promise<List<BrandFamily>> {
  const rows = await db
    .select({ brandFamily: packs.brandFamily, type: packs.type })
    .from(packs)
    .where(
      and(
        eq(packs.type, type),
        includeRetired ? undefined : eq(packs.active, true),
        query === '' ? undefined : containsFolded(packs.brandFamily, query),
      ),
    )
    .groupBy(packs.brandFamily, packs.type)
    .orderBy(asc(folded(packs.brandFamily)), asc(packs.brandFamily))
  return { rows, count: rows.length }
}

/** `./packs/x.svg` at the asset location: `/media/packs/x.svg` by default. */
export function imageSrc(image: string | null, assetBaseUrl: string): string | null {
  return image === null ? null : image.replace(/^\.\//, assetBaseUrl)
}

/** A pack as the API answers it: with `src`, its image at the asset location. */
export function packRowOf(row: typeof packs.$inferSelect, assetBaseUrl: string): PackRow {
  return { ...row, src: imageSrc(row.image, assetBaseUrl) }
}

/**
 * The packs of a type, of one brand family when `brandFamily` is given, whose brand name holds
 * `query`; by brand name (Š as S); retired ones only with `includeRetired`. Not paged: the
 * catalogue is small and the PWA caches all its images.
 */
export async function searchPacks(
  db: Database,
  filter: { type: PackType; brandFamily: string; query: string; includeRetired?: boolean },
  assetBaseUrl: string,
): Promise<List<PackRow>> {
  const rows = await db
    .select()
    .from(packs)
    .where(
      and(
        eq(packs.type, filter.type),
        filter.includeRetired === true ? undefined : eq(packs.active, true),
        filter.brandFamily === '' ? undefined : eq(packs.brandFamily, filter.brandFamily),
        filter.query === '' ? undefined : containsFolded(packs.brandName, filter.query),
      ),
    )
    .orderBy(asc(folded(packs.brandName)), asc(packs.id))
  return {
    rows: rows.map((row) => packRowOf(row, assetBaseUrl)),
    count: rows.length,
  }
}

/**
 * Products of a type whose name holds `query`, by name (Š as S), 20 a page; retired ones only with
 * `includeRetired`.
 */
export async function searchProducts(
  db: Database,
  filter: { type: ProductRow['type']; query: string; page: number; includeRetired?: boolean },
): Promise<List<ProductRow>> {
  const where = and(
    eq(products.type, filter.type),
    filter.includeRetired === true ? undefined : eq(products.active, true),
    filter.query === '' ? undefined : containsFolded(products.name, filter.query),
  )
  const rows = await db
    .select()
    .from(products)
    .where(where)
    .orderBy(asc(folded(products.name)), asc(products.id))
    .limit(pageSize)
    .offset((filter.page - 1) * pageSize)
  const [total] = await db.select({ count: count() }).from(products).where(where)
  return { rows, count: total?.count ?? 0 }
}
