import { sql } from 'drizzle-orm'
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { packTypes, productTypes } from '#contract/catalogue.ts'
import { createdAt, generatedId } from './columns.ts'

/**
 * Cigarette (RMC) and heated-tobacco (HTS) packs, shown in the trial's habit steps. Retired
 * (`active` false), never deleted: stored trials hold the pack object with its image path.
 */
export const packs = pgTable(
  'packs',
  {
    id: generatedId(),
    type: text('type', { enum: packTypes }).notNull(),
    brandName: text('brand_name').notNull(),
    brandFamily: text('brand_family').notNull(),
    /**
     * A path under the asset location: `./packs/aurum-gold.svg` (the seeded artwork) or
     * `./packs/<sha-256>.webp` (an uploaded picture, in `pack_images`); null: no picture.
     */
    image: text('image'),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check('packs_type_check', sql`${table.type} in ('HTS', 'RMC')`),
    uniqueIndex('packs_type_family_name_unique').on(table.type, table.brandFamily, table.brandName),
  ],
)

/**
 * The sticks (one per stick colour) and devices a brand expert hands out; retired, never deleted,
 * like packs.
 */
export const products = pgTable(
  'products',
  {
    id: generatedId(),
    name: text('name').notNull(),
    type: text('type', { enum: productTypes }).notNull(),
    /**
     * A stick's colour key (src/contract/trial-options.ts); null for a device. The management
     * gives a new stick a key no other stick has (a trial's answers are keyed by it); the table
     * does not insist, as rows from before it may share one.
     */
    color: text('color'),
    /** A stick's swatch, `#rrggbb`; null for a device. */
    swatch: text('swatch'),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check('products_type_check', sql`${table.type} in ('Stick', 'Device')`),
    uniqueIndex('products_type_name_unique').on(table.type, table.name),
  ],
)

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => 'bytea',
})

/**
 * The uploaded pack pictures, each size one row addressed by the SHA-256 of its bytes (so every
 * API process and every backup has them; served at `/media/packs/<hash>.webp`). `source` is the
 * SHA-256 of the file as uploaded: the same upload again answers the same rows without decoding.
 */
export const packImages = pgTable(
  'pack_images',
  {
    hash: text('hash').primaryKey(),
    source: text('source').notNull(),
    contentType: text('content_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    bytes: bytea('bytes').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('pack_images_source').on(table.source)],
)
