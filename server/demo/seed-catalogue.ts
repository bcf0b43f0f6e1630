import { count } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { catalogueProducts, cataloguePacks } from './catalogue-data.ts'
import { packs, products } from '../db/schema/catalogue.ts'

/**
 * Fills empty `packs` and `products` tables with the demo catalogue (the same every time; the
 * pack images are committed in `server/media/packs/`). Answers whether it added anything.
 */
export async function seedCatalogue(db: Database): Promise<boolean> {
  let seeded = false
  const [packCount] = await db.select({ count: count() }).from(packs)
  if ((packCount?.count ?? 0) === 0) {
    await db.insert(packs).values(
      cataloguePacks.map(({ type, brandFamily, brandName, image }) => ({
        type,
        brandFamily,
        brandName,
        image,
      })),
    )
    seeded = true
  }
  const [productCount] = await db.select({ count: count() }).from(products)
  if ((productCount?.count ?? 0) === 0) {
    await db.insert(products).values(catalogueProducts)
    seeded = true
  }
  return seeded
}
