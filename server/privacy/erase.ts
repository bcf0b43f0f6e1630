/**
 * Erasure (docs/security.md#erasure): a person's name, contacts and free texts removed from every
 * table that holds them, while every row that counts stays. The only act besides retention that
 * rewrites a trial as it was received.
 */
import { eq, sql, type SQL } from 'drizzle-orm'
import type { Database } from '../db/database.ts'
import { rowsOf } from '../db/raw-rows.ts'
import { customers, reclamations, serviceCases, visitNotes } from '../db/schema/customers.ts'
import { idempotencyKeys } from '../db/schema/idempotency.ts'
import { quarantinedTrials } from '../db/schema/quarantine.ts'
import { trialRevisions, trials } from '../db/schema/trials.ts'
import { voucherLog } from '../db/schema/vouchers.ts'
import { trialsOfContact } from '../routes/customers/trials.ts'
import { quarantinedOfContact } from '../routes/quarantine/queries.ts'
import { contactKeys, type Contact } from './erased-contacts.ts'

/**
 * Removes the contact and free texts of the trials `where` picks, and of their revisions (`anonymised_answers`, defined
 * in the migration that brought erasure), answering their ids.
 */
export async function anonymiseTrials(db: Database, where: SQL, now: Date): Promise<number[]> {
  const rows = rowsOf(
    await db.execute(sql`
      update ${trials} set email = null, phone = null,
        answers = anonymised_answers(${trials.answers}), review_comment = null,
        anonymised_at = coalesce(${trials.anonymisedAt}, ${now.toISOString()}::timestamptz)
      where ${where}
      returning ${trials.id} as id`),
  )
  const ids = rows.map((row) => Number(row.id)).sort((a, b) => a - b)
  if (ids.length > 0) {
    // Their revisions too: the trial as received, the corrections' patches, the comments.
    await db.execute(sql`
      update ${trialRevisions} set comment = null,
        answers = case when answers is null then null else anonymised_answers(answers) end,
        changes = case when changes ? 'comment'
          then jsonb_set(changes, '{comment}', anonymised_answers(changes -> 'comment'))
          else changes end
      where trial_id = any(${`{${ids.join(',')}}`}::integer[])`)
  }
  return ids
}

/**
 * Removes the contact and free texts of the quarantined trials `where` picks
 * (docs/api.md#quarantine): the sealed contact, the answers' contact and comments (as
 * `anonymised_answers` does for a trial), and the decision's comment.
 */
export async function anonymiseQuarantined(db: Database, where: SQL, now: Date): Promise<number> {
  const rows = rowsOf(
    await db.execute(sql`
      update ${quarantinedTrials} set email = null, phone = null, comment = null,
        body = case when jsonb_typeof(body) <> 'object' then body
          when body ? 'comment' then (body - 'sealed_contact')
            || jsonb_build_object('comment', anonymised_answers(body -> 'comment'))
          else body - 'sealed_contact' end,
        anonymised_at = coalesce(${quarantinedTrials.anonymisedAt}, ${now.toISOString()}::timestamptz)
      where ${where}
      returning ${quarantinedTrials.id} as id`),
  )
  return rows.length
}

/**
 * What else holds a contact: a voucher log's line names the customer by email, and the answer a
 * repeat-safe request keeps for its retry may hold either (a redeemed voucher's log). Such a key
 * is forgotten: a retry after the erasure is answered as a new request.
 */
async function forgetContactElsewhere(db: Database, contact: Contact): Promise<void> {
  const { email, phone } = contactKeys(contact)
  if (email) {
    await db
      .update(voucherLog)
      .set({ customerEmail: null })
      .where(sql`lower(${voucherLog.customerEmail}) = ${email}`)
  }
  for (const value of [email, phone]) {
    if (!value) continue
    await db
      .delete(idempotencyKeys)
      .where(sql`position(${value} in lower(${idempotencyKeys.responseBody}::text)) > 0`)
  }
}

/** The trials of a contact anonymised, and the contact removed from what else holds it. */
export async function eraseContact(db: Database, contact: Contact, now: Date): Promise<number[]> {
  const where = trialsOfContact(contactKeys(contact))
  if (!where) return []
  const anonymised = await anonymiseTrials(db, where, now)
  const quarantined = quarantinedOfContact(contactKeys(contact))
  if (quarantined) await anonymiseQuarantined(db, quarantined, now)
  await forgetContactElsewhere(db, contact)
  return anonymised
}

/**
 * A customer's personal data erased: their trials (by the contact the record held), the texts of
 * their reclamations, service cases and visit notes, the contact elsewhere, and last their own
 * name and contacts. Their orders, devices, loyalty and vouchers stay, by id. Answers the trials
 * anonymised.
 */
export async function eraseCustomer(
  db: Database,
  customer: { id: number } & Contact,
  now: Date,
): Promise<number[]> {
  const anonymised = await eraseContact(db, customer, now)
  await db
    .update(reclamations)
    .set({ name: '', address: '', phone: '', email: '', description: '', diagnostics: '' })
    .where(eq(reclamations.customerId, customer.id))
  await db.update(serviceCases).set({ subject: '' }).where(eq(serviceCases.customerId, customer.id))
  await db.update(visitNotes).set({ comment: '' }).where(eq(visitNotes.customerId, customer.id))
  await db
    .update(customers)
    .set({ fullname: '', email: null, phone: null, ffCode: null, erasedAt: now })
    .where(eq(customers.id, customer.id))
  return anonymised
}
