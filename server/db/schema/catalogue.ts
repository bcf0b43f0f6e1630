import { sql } from 'drizzle-orm'
import { check, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { packTypes, productTypes } from '#contract/catalogue.ts'
import { generatedId } from './columns.ts'

/** Cigarette (RMC) and heated-tobacco (HTS) packs, shown in the trial's habit steps. */
export const packs = pgTable(
  'packs',
  {
    id: generatedId(),
    type: text('type', { enum: packTypes }).notNull(),
    brandName: text('brand_name').notNull(),
    brandFamily: text('brand_family').notNull(),
    /** A path under the asset location, such as `./packs/aurum-gold.svg`; null: no picture. */
    image: text('image'),
  },
  (table) => [
    check('packs_type_check', sql`${table.type} in ('HTS', 'RMC')`),
    uniqueIndex('packs_type_family_name_unique').on(table.type, table.brandFamily, table.brandName),
  ],
)

/** The sticks (one per stick colour) and devices a brand expert hands out. */
export const products = pgTable(
  'products',
  {
    id: generatedId(),
    name: text('name').notNull(),
    type: text('type', { enum: productTypes }).notNull(),
    /** A stick's colour key (src/contract/trial-options.ts); null for a device. */
    color: text('color'),
  },
  (table) => [
    check('products_type_check', sql`${table.type} in ('Stick', 'Device')`),
    uniqueIndex('products_type_name_unique').on(table.type, table.name),
  ],
)
