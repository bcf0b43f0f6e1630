import { asc, count, eq, or, sql, type SQL } from 'drizzle-orm'
import { customerCountLimit, type CustomerList } from '../../../src/contract/customers.ts'
import { pageSize } from '../../../src/contract/http.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import { containsFolded } from '../../db/text-search.ts'

/** Shorter partial queries have no trigram to look up: only an exact referral code matches. */
export const minPartialLength = 3

/** `%text%` for `like`, with `%`, `_` and `\` in the text taken as plain characters. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`
}

/**
 * What a phone query looks for in the stored international numbers (`+3816…`, `+3826…`), or
 * nothing when the query is not a phone number: spaces, dashes, dots, slashes and brackets are
 * left out; a local `06…` is `+3816…` or `+3826…`, an international `00…` is `+…`.
 */
export function phoneFragments(query: string): string[] {
  const phone = query.replace(/[\s\-./()]/g, '')
  if (!/^\+?\d+$/.test(phone) || phone.replace('+', '').length < minPartialLength) return []
  if (phone.startsWith('00')) return [`+${phone.slice(2)}`]
  if (phone.startsWith('0')) return [`+381${phone.slice(1)}`, `+382${phone.slice(1)}`]
  return [phone]
}

/**
 * An exact referral code, or (3+ characters) part of the email, phone or name. Each condition has
 * an index: the referral code's unique index, and pg_trgm GIN indexes on `lower(email)`, `phone`
 * and the folded name (the same expressions as here), so that `like '%…%'` does not scan the table.
 */
export function customerMatch(query: string): SQL | undefined {
  if (query === '') return undefined
  const conditions: SQL[] = [eq(customers.referralCode, query.toUpperCase())]
  if (query.length >= minPartialLength) {
    conditions.push(sql`lower(${customers.email}) like ${containing(query.toLowerCase())}`)
    conditions.push(containsFolded(customers.fullname, query))
  }
  for (const fragment of phoneFragments(query)) {
    conditions.push(sql`${customers.phone} like ${containing(fragment)}`)
  }
  return or(...conditions)
}

/** `GET /customer/search`: a page of matching customers by name then id, and how many match. */
export async function searchCustomers(
  db: Database,
  query: string,
  page: number,
): Promise<CustomerList> {
  const where = customerMatch(query)
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: customers.id,
        fullname: customers.fullname,
        email: customers.email,
        phone: customers.phone,
        referralCode: customers.referralCode,
        points: customers.points,
      })
      .from(customers)
      .where(where)
      .orderBy(asc(customers.fullname), asc(customers.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    // Counting stops at the limit: every further match would be read only to be counted.
    db
      .select({ count: count() })
      .from(
        db
          .select({ id: customers.id })
          .from(customers)
          .where(where)
          .limit(customerCountLimit)
          .as('matches'),
      ),
  ])
  return { rows, count: total?.count ?? 0 }
}
