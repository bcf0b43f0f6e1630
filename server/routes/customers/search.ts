import { asc, eq, or, sql, type SQL } from 'drizzle-orm'
import { customerCountLimit, type CustomerList } from '../../../src/contract/customers.ts'
import { pageSize } from '../../../src/contract/http.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import { containsFolded, escapeLike } from '../../db/text-search.ts'

/** Shorter partial queries have no trigram to look up: only an exact referral code matches. */
export const minPartialLength = 3

/** `%text%` for `like`, the text taken as it is. */
function containing(text: string): string {
  return `%${escapeLike(text)}%`
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

/** `text%` for `like`, the text taken as it is. */
function startingWith(text: string): string {
  return `${escapeLike(text)}%`
}

/**
 * An exact referral code, or (3+ characters) part of the email, phone or name. Each condition has
 * an index: the referral code's unique index, pg_trgm GIN indexes on `lower(email)`, `phone` and
 * the folded name (the same expressions as here), so that `like '%…%'` does not scan the table,
 * and a `text_pattern_ops` index on `phone` for a fragment that starts with `+`: only a number's
 * beginning holds a `+`, so that fragment is a prefix, and every trigram of `+38…` is in every
 * stored number.
 */
export function customerMatch(query: string): SQL | undefined {
  if (query === '') return undefined
  const conditions: SQL[] = [eq(customers.referralCode, query.toUpperCase())]
  if (query.length >= minPartialLength) {
    // Only where the text can be: an email has no spaces; a name no `@` or `.` (which
    // pg_trgm leaves out of trigrams, so `j.bos` would recheck every name with a word `bos…`).
    if (!/\s/.test(query)) {
      conditions.push(sql`lower(${customers.email}) like ${containing(query.toLowerCase())}`)
    }
    if (!/[@.]/.test(query)) conditions.push(containsFolded(customers.fullname, query))
  }
  for (const fragment of phoneFragments(query)) {
    const pattern = fragment.startsWith('+') ? startingWith(fragment) : containing(fragment)
    conditions.push(sql`${customers.phone} like ${pattern}`)
  }
  return or(...conditions)
}

/**
 * `GET /customer/search`: a page of the matching customers by name then id, and how many match.
 * At most `customerCountLimit` matches are taken, the first the indexes give, then sorted: a common
 * name among a million customers would otherwise be read and sorted whole for every page (or the
 * name index walked from A until the page is full). A search with more matches says so (the count
 * is the limit) and asks for a longer query; an empty query takes the first customers by name.
 */
export async function searchCustomers(
  db: Database,
  query: string,
  page: number,
): Promise<CustomerList> {
  const where = customerMatch(query)
  const byName = [asc(customers.fullname), asc(customers.id)]
  const matches = db.$with('matches').as(
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
      .orderBy(...(where ? [] : byName))
      .limit(customerCountLimit),
  )
  const counted = sql<number>`(select count(*) from ${matches})::int`
  const pageRows = await db
    .with(matches)
    .select({
      customer: {
        id: matches.id,
        fullname: matches.fullname,
        email: matches.email,
        phone: matches.phone,
        referralCode: matches.referralCode,
        points: matches.points,
      },
      count: counted,
    })
    .from(matches)
    .orderBy(asc(matches.fullname), asc(matches.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
  const rows = pageRows.map((row) => row.customer)
  const first = pageRows[0]
  if (first) return { rows, count: first.count }
  // A page past the last: the count alone.
  const [total] = await db
    .with(matches)
    .select({ count: counted })
    .from(sql`(select 1) as one`)
  return { rows, count: total?.count ?? 0 }
}
