import { and, desc, eq, inArray, type SQL } from 'drizzle-orm'
import type { Customer, VisitNote } from '#contract/customers.ts'
import type { Database } from '../../db/database.ts'
import {
  communications,
  customers,
  devices,
  ecommerceStatuses,
  loyaltyActions,
  orders,
  reclamations,
  serviceCases,
  visitNotes,
} from '../../db/schema/customers.ts'
import { stores } from '../../db/schema/stores.ts'
import { users } from '../../db/schema/users.ts'
import { vouchers } from '../../db/schema/vouchers.ts'
import { statusAt } from '../vouchers/queries.ts'

const iso = (date: Date) => date.toISOString()

/** Whether there is such a customer. */
export async function customerExists(db: Database, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id))
  return row !== undefined
}

/** Visit notes with their expert's and store's names, newest first. */
export async function visitNotesWhere(db: Database, where: SQL): Promise<VisitNote[]> {
  const rows = await db
    .select({
      id: visitNotes.id,
      reason: visitNotes.reason,
      comment: visitNotes.comment,
      expert: users.fullname,
      store: stores.name,
      createdAt: visitNotes.createdAt,
    })
    .from(visitNotes)
    .innerJoin(users, eq(users.id, visitNotes.userId))
    .leftJoin(stores, eq(stores.id, visitNotes.storeId))
    .where(where)
    .orderBy(desc(visitNotes.createdAt), desc(visitNotes.id))
  return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt) }))
}

/** The customers `id` referred, newest first, each with the MGM voucher that referred them. */
async function referralsOf(db: Database, id: number, now: Date): Promise<Customer['referrals']> {
  const referred = await db
    .select({
      id: customers.id,
      fullname: customers.fullname,
      email: customers.email,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.godfatherId, id))
    .orderBy(desc(customers.createdAt), desc(customers.id))
  if (referred.length === 0) return []
  const voucherRows = await db
    .select({
      id: vouchers.id,
      code: vouchers.code,
      status: vouchers.status,
      expiresAt: vouchers.expiresAt,
      referredCustomerId: vouchers.referredCustomerId,
    })
    .from(vouchers)
    .where(
      and(
        eq(vouchers.godfatherId, id),
        inArray(
          vouchers.referredCustomerId,
          referred.map((row) => row.id),
        ),
      ),
    )
    .orderBy(desc(vouchers.id))
  const voucherOf = new Map<number, Customer['referrals'][number]['voucher']>()
  for (const row of voucherRows) {
    if (row.referredCustomerId === null || voucherOf.has(row.referredCustomerId)) continue
    voucherOf.set(row.referredCustomerId, {
      id: row.id,
      code: row.code,
      status: statusAt(row, now),
    })
  }
  return referred.map((row) => ({
    id: row.id,
    fullname: row.fullname,
    email: row.email,
    registeredAt: iso(row.createdAt),
    voucher: voucherOf.get(row.id) ?? null,
  }))
}

/** `GET /customer/:id`: the customer with every list the profile's tabs show, newest first. */
export async function findCustomer(db: Database, id: number, now: Date): Promise<Customer | null> {
  const [customer] = await db.select().from(customers).where(eq(customers.id, id))
  if (!customer) return null
  const [
    deviceRows,
    orderRows,
    statusRows,
    communicationRows,
    serviceCaseRows,
    reclamationRows,
    notes,
    actionRows,
    referrals,
  ] = await Promise.all([
    db
      .select()
      .from(devices)
      .where(eq(devices.customerId, id))
      .orderBy(desc(devices.registeredAt), desc(devices.id)),
    db
      .select()
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.orderedAt), desc(orders.id)),
    db
      .select()
      .from(ecommerceStatuses)
      .where(eq(ecommerceStatuses.customerId, id))
      .orderBy(desc(ecommerceStatuses.date), desc(ecommerceStatuses.id)),
    db
      .select()
      .from(communications)
      .where(eq(communications.customerId, id))
      .orderBy(desc(communications.date), desc(communications.id)),
    db
      .select()
      .from(serviceCases)
      .where(eq(serviceCases.customerId, id))
      .orderBy(desc(serviceCases.date), desc(serviceCases.id)),
    db
      .select()
      .from(reclamations)
      .where(eq(reclamations.customerId, id))
      .orderBy(desc(reclamations.receiptDate), desc(reclamations.id)),
    visitNotesWhere(db, eq(visitNotes.customerId, id)),
    db
      .select()
      .from(loyaltyActions)
      .where(eq(loyaltyActions.customerId, id))
      .orderBy(desc(loyaltyActions.date), desc(loyaltyActions.id)),
    referralsOf(db, id, now),
  ])
  return {
    id: customer.id,
    fullname: customer.fullname,
    email: customer.email,
    phone: customer.phone,
    referralCode: customer.referralCode,
    points: customer.points,
    erasedAt: customer.erasedAt?.toISOString() ?? null,
    ffCode: customer.ffCode,
    pointsSpent: customer.pointsSpent,
    devices: deviceRows.map((row) => ({
      serialNumber: row.serialNumber,
      color: row.color,
      registeredAt: iso(row.registeredAt),
    })),
    orders: orderRows.map((row) => ({
      number: row.number,
      date: iso(row.orderedAt),
      total: { amount: row.totalAmount, currency: row.currency },
      status: row.status,
      channel: row.channel,
    })),
    ecommerceStatuses: statusRows.map((row) => ({ status: row.status, date: iso(row.date) })),
    communications: communicationRows.map((row) => ({
      date: iso(row.date),
      channel: row.channel,
      subject: row.subject,
    })),
    serviceCases: serviceCaseRows.map((row) => ({
      number: row.number,
      date: iso(row.date),
      subject: row.subject,
      status: row.status,
    })),
    reclamations: reclamationRows.map((row) => ({
      registrationNumber: row.registrationNumber,
      serialNumber: row.serialNumber,
      name: row.name,
      address: row.address,
      phone: row.phone,
      email: row.email,
      receiptDate: row.receiptDate,
      item: row.item,
      purchaseDate: row.purchaseDate,
      description: row.description,
      verdict: row.verdict,
      diagnostics: row.diagnostics,
      remedy:
        row.remedy === 'replaced' && row.newSerialNumber !== null
          ? { kind: 'replaced', newSerialNumber: row.newSerialNumber }
          : { kind: 'removed' },
    })),
    visitNotes: notes,
    loyaltyActions: actionRows.map((row) => ({
      id: row.id,
      rule: row.rule,
      points: row.points,
      date: iso(row.date),
    })),
    referrals,
  }
}
