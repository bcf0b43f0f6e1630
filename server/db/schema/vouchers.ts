import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import { voucherStatuses, voucherTypes } from '#contract/vouchers.ts'
import { createdAt, generatedId } from './columns.ts'
import { currencies, customers, oneOf } from './customers.ts'
import { stores } from './stores.ts'
import { users } from './users.ts'

/**
 * Vouchers. `status` is as stored: a `valid` voucher past `expiresAt` is shown as expired. The value
 * (amount and currency) is null for MGM vouchers, whose value depends on the locale. `points` is
 * what a LOYALTY voucher cost the customer. When used: by which customer, expert and store.
 */
export const vouchers = pgTable(
  'vouchers',
  {
    id: generatedId(),
    /** Upper case, such as `MGM-VALID-0001`. */
    code: text('code').notNull(),
    type: text('type', { enum: voucherTypes }).notNull(),
    amount: numeric('amount', { precision: 10, scale: 2 }),
    currency: text('currency', { enum: currencies }),
    points: integer('points'),
    status: text('status', { enum: voucherStatuses }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** MGM: the customer who referred. */
    godfatherId: integer('godfather_id').references(() => customers.id),
    /** MGM: the customer who was referred, when known. */
    referredCustomerId: integer('referred_customer_id').references(() => customers.id),
    usedByCustomerId: integer('used_by_customer_id').references(() => customers.id),
    usedByUserId: integer('used_by_user_id').references(() => users.id),
    usedInStoreId: integer('used_in_store_id').references(() => stores.id),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('vouchers_code_unique').on(table.code),
    index('vouchers_godfather_index').on(table.godfatherId),
    index('vouchers_referred_customer_index').on(table.referredCustomerId),
    check('vouchers_code_upper_check', sql`${table.code} = upper(${table.code})`),
    check('vouchers_type_check', oneOf(table.type, voucherTypes)),
    check('vouchers_status_check', oneOf(table.status, voucherStatuses)),
    check('vouchers_currency_check', oneOf(table.currency, currencies)),
    check('vouchers_value_check', sql`(${table.amount} is null) = (${table.currency} is null)`),
  ],
)

/**
 * A voucher's history (docs/behaviour.md#records): what was done with it, when, for which customer,
 * by which expert, at which store, as they were named then.
 */
export const voucherLog = pgTable(
  'voucher_log',
  {
    id: generatedId(),
    voucherId: integer('voucher_id')
      .notNull()
      .references(() => vouchers.id),
    code: text('code').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    type: text('type', { enum: voucherTypes }).notNull(),
    customerEmail: text('customer_email'),
    expert: text('expert'),
    store: text('store'),
  },
  (table) => [
    index('voucher_log_voucher_date_index').on(table.voucherId, table.date),
    check('voucher_log_type_check', oneOf(table.type, voucherTypes)),
  ],
)
