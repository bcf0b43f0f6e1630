import { desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type {
  CustomerExport,
  ExportedVoucher,
  TrialContactExport,
} from '#contract/customer-rights.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import { voucherLog, vouchers } from '../../db/schema/vouchers.ts'
import { trialDetail } from '../trials/review.ts'
import { trialsWhere } from '../trials/queries.ts'
import { voucherFields } from '../vouchers/queries.ts'
import { findCustomer } from './queries.ts'
import { trialsOfContact } from './trials.ts'

type Contact = { id: number; email: string | null }

const sameEmail = (a: string | null, b: string | null) =>
  a !== null && b !== null && a.trim().toLowerCase() === b.trim().toLowerCase()

/**
 * The vouchers that name the customer: as godfather, as the customer referred or who used it, or
 * by email in a line of the log. Each with its whole log, newest first; a line about another
 * customer keeps its date, expert and store but not that customer's email.
 */
async function vouchersOf(db: Database, customer: Contact, now: Date): Promise<ExportedVoucher[]> {
  const named: SQL[] = [
    eq(vouchers.godfatherId, customer.id),
    eq(vouchers.referredCustomerId, customer.id),
    eq(vouchers.usedByCustomerId, customer.id),
  ]
  if (customer.email !== null) {
    const email = customer.email.trim().toLowerCase()
    named.push(
      inArray(
        vouchers.id,
        db
          .select({ id: voucherLog.voucherId })
          .from(voucherLog)
          .where(sql`lower(${voucherLog.customerEmail}) = ${email}`),
      ),
    )
  }
  const rows = await db
    .select()
    .from(vouchers)
    .where(or(...named))
    .orderBy(desc(vouchers.createdAt), desc(vouchers.id))
  if (rows.length === 0) return []
  const lines = await db
    .select()
    .from(voucherLog)
    .where(
      inArray(
        voucherLog.voucherId,
        rows.map((row) => row.id),
      ),
    )
    .orderBy(desc(voucherLog.date), desc(voucherLog.id))
  return rows.map((row) => ({
    ...voucherFields(row, now),
    godfatherId: row.godfatherId,
    referredCustomerId: row.referredCustomerId,
    usedByCustomerId: row.usedByCustomerId,
    log: lines
      .filter((line) => line.voucherId === row.id)
      .map((line) => ({
        id: line.id,
        code: line.code,
        date: line.date.toISOString(),
        type: line.type,
        customerEmail: sameEmail(line.customerEmail, customer.email) ? line.customerEmail : null,
        expert: line.expert,
        store: line.store,
      })),
  }))
}

/** The trials that hold the customer's email or phone, each with its consents as recorded. */
async function trialsOf(
  db: Database,
  contact: { email: string | null; phone: string | null },
): Promise<CustomerExport['trials']> {
  const where = trialsOfContact(contact)
  if (!where) return []
  const found = await trialsWhere(db, where)
  return Promise.all(found.map((trial) => trialDetail(db, trial)))
}

/**
 * `GET /customer/trial-contact`: what trials hold about a person by their email or phone, and the
 * customers (not erased) with that email or phone.
 */
export async function exportTrialContact(
  db: Database,
  contact: { email: string | null; phone: string | null },
  now: Date,
): Promise<TrialContactExport> {
  const conditions: SQL[] = []
  if (contact.email)
    conditions.push(sql`lower(${customers.email}) = ${contact.email.toLowerCase()}`)
  if (contact.phone) conditions.push(eq(customers.phone, contact.phone))
  const [trialList, customerRows] = await Promise.all([
    trialsOf(db, contact),
    db
      .select({ id: customers.id })
      .from(customers)
      .where(or(...conditions))
      .orderBy(customers.id),
  ])
  return {
    exportedAt: now.toISOString(),
    email: contact.email,
    phone: contact.phone,
    customerIds: customerRows.map((row) => row.id),
    trials: trialList,
  }
}

/**
 * `GET /customer/:id/export`: everything held about the customer (docs/api.md#customers-rights),
 * or null when there is no such customer.
 */
export async function exportCustomer(
  db: Database,
  id: number,
  now: Date,
): Promise<CustomerExport | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id))
  const profile = await findCustomer(db, id, now)
  if (!row || !profile) return null
  const [voucherList, trialList] = await Promise.all([vouchersOf(db, row, now), trialsOf(db, row)])
  return {
    customerId: row.id,
    exportedAt: now.toISOString(),
    profile: {
      id: row.id,
      fullname: row.fullname,
      email: row.email,
      phone: row.phone,
      referralCode: row.referralCode,
      ffCode: row.ffCode,
      points: row.points,
      pointsSpent: row.pointsSpent,
      godfatherId: row.godfatherId,
      registeredAt: row.createdAt.toISOString(),
      erasedAt: row.erasedAt?.toISOString() ?? null,
    },
    devices: profile.devices,
    orders: profile.orders,
    ecommerceStatuses: profile.ecommerceStatuses,
    communications: profile.communications,
    serviceCases: profile.serviceCases,
    reclamations: profile.reclamations,
    loyaltyActions: profile.loyaltyActions,
    visitNotes: profile.visitNotes,
    referrals: profile.referrals.map((referral) => ({
      customerId: referral.id,
      registeredAt: referral.registeredAt,
      voucher: referral.voucher,
    })),
    vouchers: voucherList,
    trials: trialList,
  }
}
