import { sql, type SQL } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { countries } from '#contract/stores.ts'
import { folded } from '../text-search.ts'
import { createdAt, generatedId } from './columns.ts'

/**
 * The store search (the wizard's first step, at every trial) looks for its query in the name,
 * address and city without case or diacritics. Each is kept folded as it is written, so a search
 * compares stored text instead of folding every store's three fields again at every statement.
 */
export const stores = pgTable(
  'stores',
  {
    id: generatedId(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country', { enum: countries }).notNull(),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    foldedName: text('folded_name')
      .notNull()
      .generatedAlwaysAs((): SQL => folded(stores.name)),
    foldedAddress: text('folded_address')
      .notNull()
      .generatedAlwaysAs((): SQL => folded(stores.address)),
    foldedCity: text('folded_city')
      .notNull()
      .generatedAlwaysAs((): SQL => folded(stores.city)),
  },
  (table) => [
    check('stores_country_check', sql`${table.country} in ('RS', 'ME')`),
    index('stores_name_id_index').on(table.name, table.id),
  ],
)

/** A row's store (`store_id`), which must exist. */
export const storeId = () =>
  integer('store_id')
    .notNull()
    .references(() => stores.id)
