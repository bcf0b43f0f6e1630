import { and, asc, count, eq } from 'drizzle-orm'
import { pageSize } from '#contract/http.ts'
import type { BrandFamily, Pack, PackType, Product } from '#contract/catalogue.ts'
import type { Database } from '../../db/database.ts'
import { packs, products } from '../../db/schema/catalogue.ts'
import { containsFolded, folded } from '../../db/text-search.ts'

type List<T> = { rows: T[]; count: number }

/** The brand families of a pack type (those holding `query`, when given), by name (Š as S). */
export async function searchBrandFamilies(
  db: Database,
  type: PackType,
  query: string,
): Promise<List<BrandFamily>> {
  const rows = await db
    .select({ brandFamily: packs.brandFamily, type: packs.type })
    .from(packs)
    .where(
      and(
        eq(packs.type, type),
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

/**
 * The packs of a type, of one brand family when `brandFamily` is given, whose brand name holds
 * `query`; by brand name (Š as S). Not paged: the catalogue is small and the PWA caches all its images.
 */
export async function searchPacks(
  db: Database,
  filter: { type: PackType; brandFamily: string; query: string },
  assetBaseUrl: string,
): Promise<List<Pack>> {
  const rows = await db
    .select()
    .from(packs)
    .where(
      and(
        eq(packs.type, filter.type),
        filter.brandFamily === '' ? undefined : eq(packs.brandFamily, filter.brandFamily),
        filter.query === '' ? undefined : containsFolded(packs.brandName, filter.query),
      ),
    )
    .orderBy(asc(folded(packs.brandName)), asc(packs.id))
  return {
    rows: rows.map((row) => ({ ...row, src: imageSrc(row.image, assetBaseUrl) })),
    count: rows.length,
  }
}

/** Products of a type whose name holds `query`, by name (Š as S), 20 a page. */
export async function searchProducts(
  db: Database,
  filter: { type: Product['type']; query: string; page: number },
): Promise<List<Product>> {
  const where = and(
    eq(products.type, filter.type),
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
