import { sql, type SQL } from 'drizzle-orm'
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core'
import { loyaltyRules, visitReasons } from '#contract/customers.ts'
import { emailKey, folded } from '../text-search.ts'
import { createdAt, generatedId } from './columns.ts'
import { stores } from './stores.ts'
import { userId } from './users.ts'

export const orderChannels = ['online', 'store'] as const
export const communicationChannels = ['email', 'sms', 'phone', 'push'] as const
export const verdicts = ['established', 'not-established'] as const
export const remedies = ['removed', 'replaced'] as const
export const currencies = ['RSD', 'EUR'] as const

/** `column in ('a', 'b')` for a check constraint; the values are this code's constants. */
export function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`
}

/**
 * Consumers of the programme. `points` is the balance, `pointsSpent` what was spent in total.
 * Partial search (3+ characters) on email, phone and name is served by pg_trgm GIN indexes, a
 * phone's beginning by a b-tree, the exact referral code by its unique index.
 */
export const customers = pgTable(
  'customers',
  {
    id: generatedId(),
    fullname: text('fullname').notNull(),
    email: text('email'),
    /** International form: `+3816…` (Serbia) or `+3826…` (Montenegro). */
    phone: text('phone'),
    /** Upper case, such as `REF-7K2M9Q`. */
    referralCode: text('referral_code').notNull(),
    /** The internal friends-and-family code, when the customer has one. */
    ffCode: text('ff_code'),
    points: integer('points').notNull().default(0),
    pointsSpent: integer('points_spent').notNull().default(0),
    /** The customer who referred this one (member-get-member). */
    godfatherId: integer('godfather_id').references((): AnyPgColumn => customers.id),
    createdAt: createdAt(),
    /** When their personal data was erased (server/routes/customers/erase.ts); null while held. */
    erasedAt: timestamp('erased_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('customers_referral_code_unique').on(table.referralCode),
    index('customers_email_lower_index').on(sql`lower(${table.email})`),
    // The email search compares `emailKey(email)` first: the index is on that very expression.
    index('customers_email_key_trgm_index').using(
      'gin',
      sql`${emailKey(table.email)} gin_trgm_ops`,
    ),
    index('customers_phone_trgm_index').using('gin', sql`${table.phone} gin_trgm_ops`),
    // A phone fragment with its `+` is a prefix (`like '+3816…%'`): a b-tree serves it.
    index('customers_phone_prefix_index').using('btree', sql`${table.phone} text_pattern_ops`),
    // The name search compares `folded(fullname)`: the index is on that very expression.
    index('customers_fullname_trgm_index').using(
      'gin',
      sql`${folded(table.fullname)} gin_trgm_ops`,
    ),
    index('customers_fullname_id_index').on(table.fullname, table.id),
    index('customers_godfather_index').on(table.godfatherId),
    check(
      'customers_referral_code_upper_check',
      sql`${table.referralCode} = upper(${table.referralCode})`,
    ),
  ],
)

const customerId = () =>
  integer('customer_id')
    .notNull()
    .references(() => customers.id)

export const devices = pgTable(
  'devices',
  {
    id: generatedId(),
    customerId: customerId(),
    serialNumber: text('serial_number').notNull(),
    color: text('color').notNull(),
    registeredAt: timestamp('registered_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('devices_customer_index').on(table.customerId, table.registeredAt)],
)

export const orders = pgTable(
  'orders',
  {
    id: generatedId(),
    customerId: customerId(),
    number: text('number').notNull(),
    orderedAt: timestamp('ordered_at', { withTimezone: true }).notNull(),
    totalAmount: numeric('total_amount', { precision: 10, scale: 2 }).notNull(),
    currency: text('currency', { enum: currencies }).notNull(),
    status: text('status').notNull(),
    channel: text('channel', { enum: orderChannels }).notNull(),
  },
  (table) => [
    index('orders_customer_index').on(table.customerId, table.orderedAt),
    check('orders_currency_check', oneOf(table.currency, currencies)),
    check('orders_channel_check', oneOf(table.channel, orderChannels)),
  ],
)

export const ecommerceStatuses = pgTable(
  'ecommerce_statuses',
  {
    id: generatedId(),
    customerId: customerId(),
    status: text('status').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
  },
  (table) => [index('ecommerce_statuses_customer_index').on(table.customerId, table.date)],
)

export const communications = pgTable(
  'communications',
  {
    id: generatedId(),
    customerId: customerId(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    channel: text('channel', { enum: communicationChannels }).notNull(),
    subject: text('subject').notNull(),
  },
  (table) => [
    index('communications_customer_index').on(table.customerId, table.date),
    check('communications_channel_check', oneOf(table.channel, communicationChannels)),
  ],
)

export const serviceCases = pgTable(
  'service_cases',
  {
    id: generatedId(),
    customerId: customerId(),
    number: text('number').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
    subject: text('subject').notNull(),
    status: text('status').notNull(),
  },
  (table) => [index('service_cases_customer_index').on(table.customerId, table.date)],
)

/**
 * A reclamation record (docs/behaviour.md#records); the remedy is removal, or a device with a new
 * serial.
 */
export const reclamations = pgTable(
  'reclamations',
  {
    id: generatedId(),
    customerId: customerId(),
    registrationNumber: text('registration_number').notNull(),
    serialNumber: text('serial_number').notNull(),
    name: text('name').notNull(),
    address: text('address').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    receiptDate: date('receipt_date', { mode: 'string' }).notNull(),
    item: text('item').notNull(),
    purchaseDate: date('purchase_date', { mode: 'string' }).notNull(),
    description: text('description').notNull(),
    verdict: text('verdict', { enum: verdicts }).notNull(),
    diagnostics: text('diagnostics').notNull(),
    remedy: text('remedy', { enum: remedies }).notNull(),
    /** The replacement device's serial number: set exactly when the remedy is `replaced`. */
    newSerialNumber: text('new_serial_number'),
  },
  (table) => [
    index('reclamations_customer_index').on(table.customerId, table.receiptDate),
    check('reclamations_verdict_check', oneOf(table.verdict, verdicts)),
    check('reclamations_remedy_check', oneOf(table.remedy, remedies)),
    check(
      'reclamations_new_serial_check',
      sql`(${table.remedy} = 'replaced') = (${table.newSerialNumber} is not null)`,
    ),
  ],
)

/** Points a customer earned, by earning rule (docs/behaviour.md#records). */
export const loyaltyActions = pgTable(
  'loyalty_actions',
  {
    id: generatedId(),
    customerId: customerId(),
    rule: text('rule', { enum: loyaltyRules }).notNull(),
    points: integer('points').notNull(),
    date: timestamp('date', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('loyalty_actions_customer_index').on(table.customerId, table.date),
    check('loyalty_actions_rule_check', oneOf(table.rule, loyaltyRules)),
  ],
)

/** A note of a customer's visit, by the expert who wrote it, at their store (null: none). */
export const visitNotes = pgTable(
  'visit_notes',
  {
    id: generatedId(),
    customerId: customerId(),
    userId: userId(),
    storeId: integer('store_id').references(() => stores.id),
    reason: text('reason', { enum: visitReasons }).notNull(),
    comment: text('comment').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('visit_notes_customer_index').on(table.customerId, table.createdAt),
    check('visit_notes_reason_check', oneOf(table.reason, visitReasons)),
  ],
)
