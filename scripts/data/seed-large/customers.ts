import type pg from 'pg'
import { demoCustomerCount, generateCustomers } from '../../../server/demo/seed-customers.ts'
import { type Author, stintAt } from './authors.ts'
import type { CopyWriter } from './copy.ts'
import { writer } from './copy.ts'
import { largestId } from './database.ts'
import { counts, now, seed } from './options.ts'
import { seconds, thousands } from './progress.ts'

/* Customers: the demo's generator, after the demo's numbers; one pass feeds nine COPY streams. */

/** Contacts of every fourth customer: the trials of known customers carry them. */
export type Contacts = { emails: (string | null)[]; phones: (string | null)[] }
/** MGM referrals (customer ids) and when the referred customer registered (ms). */
export type Referrals = { godfathers: number[]; referred: number[]; at: number[] }

const customerTables = [
  'customers',
  'devices',
  'orders',
  'ecommerce_statuses',
  'communications',
  'service_cases',
  'reclamations',
  'loyalty_actions',
  'visit_notes',
] as const
type CustomerTable = (typeof customerTables)[number]

const customerColumns: Record<CustomerTable, readonly string[]> = {
  customers: [
    'id',
    'fullname',
    'email',
    'phone',
    'referral_code',
    'ff_code',
    'points',
    'points_spent',
    'godfather_id',
    'created_at',
  ],
  devices: ['id', 'customer_id', 'serial_number', 'color', 'registered_at'],
  orders: [
    'id',
    'customer_id',
    'number',
    'ordered_at',
    'total_amount',
    'currency',
    'status',
    'channel',
  ],
  ecommerce_statuses: ['id', 'customer_id', 'status', 'date'],
  communications: ['id', 'customer_id', 'date', 'channel', 'subject'],
  service_cases: ['id', 'customer_id', 'number', 'date', 'subject', 'status'],
  reclamations: [
    'id',
    'customer_id',
    'registration_number',
    'serial_number',
    'name',
    'address',
    'phone',
    'email',
    'receipt_date',
    'item',
    'purchase_date',
    'description',
    'verdict',
    'diagnostics',
    'remedy',
    'new_serial_number',
  ],
  loyalty_actions: ['id', 'customer_id', 'rule', 'points', 'date'],
  visit_notes: ['id', 'customer_id', 'user_id', 'store_id', 'reason', 'comment', 'created_at'],
}

export async function copyCustomers(pool: pg.Pool, authors: Author[], customerBase: number) {
  const since = performance.now()
  const open = async (table: CustomerTable) =>
    writer(pool, table, customerColumns[table], await largestId(pool, table))
  const out: Record<CustomerTable, CopyWriter> = {
    customers: await open('customers'),
    devices: await open('devices'),
    orders: await open('orders'),
    ecommerce_statuses: await open('ecommerce_statuses'),
    communications: await open('communications'),
    service_cases: await open('service_cases'),
    reclamations: await open('reclamations'),
    loyalty_actions: await open('loyalty_actions'),
    visit_notes: await open('visit_notes'),
  }
  const tables = customerTables
  const contacts: Contacts = { emails: [], phones: [] }
  const referrals: Referrals = { godfathers: [], referred: [], at: [] }
  // Numbers after the demo's (rounded to whole blocks of referrals): other codes, emails, serials.
  const skip = Math.ceil(demoCustomerCount / 1000) * 1000
  const idOf = (number: number) => customerBase + number - skip
  const finishedAt: Partial<Record<CustomerTable, number>> = {}

  let made = 0
  for (const customer of generateCustomers(skip + counts.customers, seed, now)) {
    if (customer.number <= skip) continue
    const id = idOf(customer.number)
    const godfather =
      customer.godfatherNumber !== null && customer.godfatherNumber > skip
        ? idOf(customer.godfatherNumber)
        : null
    out.customers.write([
      id,
      customer.fullname,
      customer.email,
      customer.phone,
      customer.referralCode,
      customer.ffCode,
      customer.points,
      customer.pointsSpent,
      godfather,
      customer.createdAt,
    ])
    if (godfather !== null) {
      referrals.godfathers.push(godfather)
      referrals.referred.push(id)
      referrals.at.push(customer.createdAt.getTime())
    }
    if (customer.number % 4 === 0) {
      contacts.emails.push(customer.email)
      contacts.phones.push(customer.phone)
    }
    for (const row of customer.devices) {
      out.devices.write([out.devices.nextId(), id, row.serialNumber, row.color, row.registeredAt])
    }
    for (const row of customer.orders) {
      out.orders.write([
        out.orders.nextId(),
        id,
        row.number,
        row.orderedAt,
        row.totalAmount,
        row.currency,
        row.status,
        row.channel,
      ])
    }
    for (const row of customer.ecommerceStatuses) {
      out.ecommerce_statuses.write([out.ecommerce_statuses.nextId(), id, row.status, row.date])
    }
    for (const row of customer.communications) {
      out.communications.write([
        out.communications.nextId(),
        id,
        row.date,
        row.channel,
        row.subject,
      ])
    }
    for (const row of customer.serviceCases) {
      out.service_cases.write([
        out.service_cases.nextId(),
        id,
        row.number,
        row.date,
        row.subject,
        row.status,
      ])
    }
    for (const row of customer.reclamations) {
      out.reclamations.write([
        out.reclamations.nextId(),
        id,
        row.registrationNumber,
        row.serialNumber,
        row.name,
        row.address,
        row.phone,
        row.email,
        row.receiptDate,
        row.item,
        row.purchaseDate,
        row.description,
        row.verdict,
        row.diagnostics,
        row.remedy,
        row.newSerialNumber ?? null,
      ])
    }
    for (const row of customer.loyaltyActions) {
      out.loyalty_actions.write([out.loyalty_actions.nextId(), id, row.rule, row.points, row.date])
    }
    customer.visitNotes.forEach((note, index) => {
      const author = authors[(customer.number + index) % authors.length]
      if (!author) return
      const createdAt = note.createdAt ?? now
      // As the app stores them: a manager's note at their store then; an agent's at none.
      const storeId = stintAt(author, createdAt.getTime())
      out.visit_notes.write([
        out.visit_notes.nextId(),
        id,
        author.id,
        storeId,
        note.reason,
        note.comment,
        createdAt,
      ])
    })
    made += 1
    if (made % 256 === 0) for (const table of tables) await out[table].drain()
    if (made % 100_000 === 0) {
      console.info(`  … ${thousands(made)} customers ${seconds(since).padStart(7)} s`)
    }
  }
  await Promise.all(
    tables.map(async (table) => {
      await out[table].end()
      finishedAt[table] = performance.now()
    }),
  )
  for (const table of tables) {
    const end = finishedAt[table] ?? performance.now()
    console.info(
      `  ${table.padEnd(20)} ${thousands(out[table].rows).padStart(11)} rows ${((end - since) / 1000).toFixed(1).padStart(7)} s`,
    )
  }
  const rows = tables.reduce((sum, table) => sum + out[table].rows, 0)
  return { contacts, referrals, rows }
}
