import { asc, eq, inArray, sql } from 'drizzle-orm'
import { bulkInsert } from './bulk-insert.ts'
import type { Database } from '../db/database.ts'
import type { GeneratedCustomer } from './seed-customers.ts'
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
} from '../db/schema/customers.ts'
import { stores } from '../db/schema/stores.ts'
import { users } from '../db/schema/users.ts'

/** A demo user who serves customers, with the store they are checked in to (if any). */
export type Expert = { id: number; fullname: string; storeId: number | null; store: string | null }

/** What the voucher seed needs of the loaded customers. */
export type LoadedCustomers = {
  /** The id of each generated customer's number. */
  ids: Map<number, number>
  /** Each referral: the godfather's and the referred customer's numbers, and when it registered. */
  referrals: { godfather: number; referred: number; at: Date; email: string | null }[]
  experts: Expert[]
}

/** Customers a batch: one statement per table for each batch. */
const batchSize = 1000

/** Managers checked in to a store and agents: the people who wrote the demo visit notes. */
export async function demoExperts(db: Database): Promise<Expert[]> {
  return db
    .select({ id: users.id, fullname: users.fullname, storeId: stores.id, store: stores.name })
    .from(users)
    .leftJoin(stores, eq(stores.id, users.expertStoreId))
    .where(inArray(users.role, ['manager', 'agent']))
    .orderBy(asc(users.id))
}

async function insertBatch(db: Database, batch: GeneratedCustomer[], loaded: LoadedCustomers) {
  const inserted = await bulkInsert(
    db,
    customers,
    batch.map((customer) => ({
      fullname: customer.fullname,
      email: customer.email,
      phone: customer.phone,
      referralCode: customer.referralCode,
      ffCode: customer.ffCode,
      points: customer.points,
      pointsSpent: customer.pointsSpent,
      createdAt: customer.createdAt,
    })),
    ['id', 'referral_code'],
  )
  const idOfCode = new Map(inserted.map((row) => [row.referral_code, Number(row.id)]))
  const withIds = batch.map((customer) => {
    const id = idOfCode.get(customer.referralCode)
    if (id === undefined) throw new Error(`customer ${customer.number} was not inserted`)
    loaded.ids.set(customer.number, id)
    if (customer.godfatherNumber !== null) {
      loaded.referrals.push({
        godfather: customer.godfatherNumber,
        referred: customer.number,
        at: customer.createdAt,
        email: customer.email,
      })
    }
    return { customer, customerId: id }
  })
  const rowsOf = <T>(pick: (customer: GeneratedCustomer) => T[]) =>
    withIds.flatMap(({ customer, customerId }) =>
      pick(customer).map((row) => ({ ...row, customerId })),
    )
  const { experts } = loaded
  // Without experts in the database there is nobody to have written the visit notes.
  const notes = withIds.flatMap(({ customer, customerId }) =>
    customer.visitNotes.flatMap((note, index) => {
      const expert = experts[(customer.number + index) % experts.length]
      return expert ? [{ ...note, customerId, userId: expert.id, storeId: expert.storeId }] : []
    }),
  )
  await bulkInsert(
    db,
    devices,
    rowsOf((customer) => customer.devices),
  )
  await bulkInsert(
    db,
    orders,
    rowsOf((customer) => customer.orders),
  )
  await bulkInsert(
    db,
    ecommerceStatuses,
    rowsOf((customer) => customer.ecommerceStatuses),
  )
  await bulkInsert(
    db,
    communications,
    rowsOf((customer) => customer.communications),
  )
  await bulkInsert(
    db,
    serviceCases,
    rowsOf((customer) => customer.serviceCases),
  )
  await bulkInsert(
    db,
    reclamations,
    rowsOf((customer) => customer.reclamations),
  )
  await bulkInsert(
    db,
    loyaltyActions,
    rowsOf((customer) => customer.loyaltyActions),
  )
  await bulkInsert(db, visitNotes, notes)
}

/** Sets each referred customer's godfather, many in one statement. */
async function linkGodfathers(db: Database, loaded: LoadedCustomers) {
  const pairs = loaded.referrals.map(({ godfather, referred }) => ({
    id: loaded.ids.get(referred),
    godfather: loaded.ids.get(godfather),
  }))
  if (pairs.length === 0) return
  await db.execute(sql`update ${customers} set godfather_id = v.godfather
    from jsonb_to_recordset(${JSON.stringify(pairs)}::jsonb) as v(id integer, godfather integer)
    where ${customers.id} = v.id`)
}

/**
 * Loads generated customers (seed-customers.ts) with everything they hold, a thousand customers
 * at a time, their visit notes written by the demo experts. Answers their ids and referrals.
 */
export async function loadCustomers(
  db: Database,
  generated: Iterable<GeneratedCustomer>,
): Promise<LoadedCustomers> {
  const loaded: LoadedCustomers = { ids: new Map(), referrals: [], experts: await demoExperts(db) }
  let batch: GeneratedCustomer[] = []
  for (const customer of generated) {
    batch.push(customer)
    if (batch.length === batchSize) {
      await insertBatch(db, batch, loaded)
      batch = []
    }
  }
  if (batch.length > 0) await insertBatch(db, batch, loaded)
  await linkGodfathers(db, loaded)
  return loaded
}
