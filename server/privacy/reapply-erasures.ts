/**
 * A restore re-applies the erasures recorded beside the backups (docs/backups.md#erasures): a
 * backup still holds what was erased after it was taken, and restoring it must not bring that
 * back. Applied whole (erasing again changes nothing), matched by keyed hash: the register holds
 * no contact.
 */
import { eq, sql } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { customers } from '../db/schema/customers.ts'
import { trials } from '../db/schema/trials.ts'
import { eraseContact, eraseCustomer } from './erase.ts'
import { contactHashes, registerHashes, type ErasureLine } from './erased-contacts.ts'

export type Reapplied = { customers: number[]; trials: number[] }

/** The contacts trials hold whose keyed hash is among `hashes`. */
async function contactsMatching(db: Database, key: string, hashes: Set<string>) {
  const rows = await db
    .selectDistinct({ email: sql<string | null>`lower(${trials.email})`, phone: trials.phone })
    .from(trials)
    .where(sql`${trials.email} is not null or ${trials.phone} is not null`)
  const emails = new Set<string>()
  const phones = new Set<string>()
  for (const { email, phone } of rows) {
    if (email && contactHashes(key, { email, phone: null }).some((hash) => hashes.has(hash))) {
      emails.add(email)
    }
    if (phone && contactHashes(key, { email: null, phone }).some((hash) => hashes.has(hash))) {
      phones.add(phone)
    }
  }
  return [
    ...[...emails].map((email) => ({ email, phone: null })),
    ...[...phones].map((phone) => ({ email: null, phone })),
  ]
}

export async function reapplyErasures(
  db: Database,
  key: string,
  erasures: ErasureLine[],
  now: Date,
): Promise<Reapplied> {
  const reapplied: Reapplied = { customers: [], trials: [] }
  for (const erasure of erasures) {
    await registerHashes(db, erasure.hashes, new Date(erasure.at))
    if (erasure.customerId === null) continue
    const [customer] = await db.select().from(customers).where(eq(customers.id, erasure.customerId))
    if (!customer || customer.erasedAt) continue
    reapplied.trials.push(...(await eraseCustomer(db, customer, new Date(erasure.at))))
    reapplied.customers.push(customer.id)
  }
  const hashes = new Set(erasures.flatMap((erasure) => erasure.hashes))
  if (hashes.size > 0) {
    for (const contact of await contactsMatching(db, key, hashes)) {
      reapplied.trials.push(...(await eraseContact(db, contact, now)))
    }
  }
  reapplied.trials.sort((a, b) => a - b)
  return reapplied
}
