import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { countries } from '../../../src/contract/stores.ts'

export const stores = pgTable(
  'stores',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    country: text('country', { enum: countries }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (table) => [
    check('stores_country_check', sql`${table.country} in ('RS', 'ME')`),
    index('stores_name_id_index').on(table.name, table.id),
  ],
)
