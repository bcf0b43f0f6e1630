import { and, count, desc, eq, or, sql, type SQL } from 'drizzle-orm'
import type { CustomerTrialList } from '#contract/customers.ts'
import { pageSize } from '#contract/http.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import { stores } from '../../db/schema/stores.ts'
import { trials } from '../../db/schema/trials.ts'
import { users } from '../../db/schema/users.ts'
import { notRejected, storedAnswersText, storedComment } from '../trials/queries.ts'

/**
 * Which trials are a customer's: their answers hold the customer's email (without regard to case)
 * or phone; none when the customer has neither. The customer's trials tab and their export both
 * read it.
 */
export function trialsOfContact(contact: {
  email: string | null
  phone: string | null
}): SQL | undefined {
  const conditions: SQL[] = []
  if (contact.email !== null) {
    conditions.push(sql`lower(${trials.email}) = ${contact.email.trim().toLowerCase()}`)
  }
  if (contact.phone !== null) {
    conditions.push(eq(trials.phone, contact.phone))
  }
  return conditions.length === 0 ? undefined : or(...conditions)
}

/**
 * The trials whose answers hold the customer's email (without regard to case) or phone (both are
 * in the international form), newest first with their answers, a page at a time; null when there
 * is no such customer.
 * Served by the trials' indexes that start with `lower(email)` and `phone`.
 */
export async function trialsOfCustomer(
  db: Database,
  customerId: number,
  page: number,
): Promise<CustomerTrialList | null> {
  const [customer] = await db
    .select({ email: customers.email, phone: customers.phone })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!customer) return null
  const contact = trialsOfContact(customer)
  if (!contact) return { rows: [], count: 0 }
  // Rejected trials (a test, a duplicate) are not the customer's (docs/api.md#review).
  const where = and(contact, notRejected)

  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: trials.id,
        createdAt: trials.createdAt,
        capturedAt: trials.capturedAt,
        store: stores.name,
        expert: users.fullname,
        shopping: trials.shopping,
        answers: storedAnswersText,
        contentEdition: trials.contentEdition,
      })
      .from(trials)
      .innerJoin(stores, eq(stores.id, trials.storeId))
      .innerJoin(users, eq(users.id, trials.userId))
      .where(where)
      .orderBy(desc(trials.capturedAt), desc(trials.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ count: count() }).from(trials).where(where),
  ])
  return {
    rows: rows.map((row) => {
      const comment = storedComment(row.answers)
      return {
        ...row,
        createdAt: row.createdAt.toISOString(),
        capturedAt: row.capturedAt.toISOString(),
        shopping: row.shopping === 'yes' || row.shopping === 'no' ? row.shopping : null,
        // The answers as the trial's page reads them; a simple trial's text is not answers.
        answers: typeof comment === 'string' ? null : comment,
      }
    }),
    count: total?.count ?? 0,
  }
}
