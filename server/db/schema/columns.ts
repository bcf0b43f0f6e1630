import { integer, timestamp } from 'drizzle-orm/pg-core'

/** A row's id, numbered by the database (`generated always as identity`), never by this code. */
export const generatedId = () => integer('id').primaryKey().generatedAlwaysAsIdentity()

/** When the row was written: the database's `now()` unless the insert gives it. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
