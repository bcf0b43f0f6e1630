import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm'
import { customerCountLimit, referralCodeFormat, type CustomerList } from '#contract/customers.ts'
import { countries } from '#contract/countries.ts'
import { pageSize } from '#contract/http.ts'
import { countryPhone } from '#contract/phone.ts'
import type { Database } from '../../db/database.ts'
import { customers } from '../../db/schema/customers.ts'
import { batchedPerTurn } from '../../db/batched-per-turn.ts'
import { preparedStatements } from '../../db/prepared.ts'
import { containsPattern, emailKey, folded } from '../../db/text-search.ts'

/** Shorter partial queries have no trigram to look up: only an exact referral code matches. */
export const minPartialLength = 3

/**
 * What a phone query looks for in the stored international numbers (`+3816…`, `+3826…`), or
 * nothing when the query is not a phone number: spaces, dashes, dots, slashes and brackets are
 * left out; a local `06…` is the same number after each country's calling code (`+3816…`,
 * `+3826…`), an international `00…` is `+…`.
 */
export function phoneFragments(query: string): string[] {
  const phone = query.replace(/[\s\-./()]/g, '')
  if (!/^\+?\d+$/.test(phone) || phone.replace('+', '').length < minPartialLength) return []
  if (phone.startsWith('00')) return [`+${phone.slice(2)}`]
  if (phone.startsWith('0')) {
    return countries.map((country) => `${countryPhone[country].prefix}${phone.slice(1)}`)
  }
  return [phone]
}

/**
 * How a query is looked for: which conditions apply to it. Queries of one shape differ only in
 * their values, so each shape is one prepared statement.
 */
type Shape = {
  email: boolean
  name: boolean
  /** Phone fragments: prefixes (`+3816…`) or parts found anywhere. */
  phones: readonly ('prefix' | 'part')[]
}

/** The values a shape's conditions compare with, by placeholder name. */
type MatchValues = Record<string, string>

/**
 * An exact referral code, or (3+ characters) part of the email, phone or name. Each condition has
 * an index: the referral code's unique index, pg_trgm GIN indexes on the email's key (`emailKey`),
 * `phone` and the folded name (the same expressions as here), so that `like '%…%'` does not scan
 * the table, and a `text_pattern_ops` index on `phone` for a fragment that starts with `+`: only
 * a number's beginning holds a `+`, so that fragment is a prefix, and every trigram of `+38…` is
 * in every stored number. Null for the empty query (every customer).
 */
export function customerMatch(query: string): { shape: Shape; values: MatchValues } | null {
  if (query === '') return null
  const values: MatchValues = { code: query.toUpperCase() }
  const shape: Shape = { email: false, name: false, phones: [] }
  // Only where the text can be: a query that starts with `+` is a phone number (which no name
  // holds, and an email only by a freak: looking in them makes such a search many times slower);
  // an email has no spaces; a name no `@` or `.` (which pg_trgm leaves out of trigrams, so `j.bos`
  // would recheck every name with a word `bos…`). A whole referral code is that code (its unique
  // index alone: looking for it in emails and names too is many times slower).
  const partial =
    query.length >= minPartialLength && !query.startsWith('+') && !referralCodeFormat.test(query)
  if (partial) {
    if (!/\s/.test(query)) {
      shape.email = true
      values.email = containsPattern(query.toLowerCase())
    }
    if (!/[@.]/.test(query)) {
      shape.name = true
      values.name = containsPattern(query)
    }
  }
  const phones = phoneFragments(query).map((fragment, index) => {
    const prefix = fragment.startsWith('+')
    values[`phone${index}`] = prefix ? fragment : containsPattern(fragment)
    return prefix ? ('prefix' as const) : ('part' as const)
  })
  return { shape: { ...shape, phones }, values }
}

/** The shape's conditions, each value taken from `value` (a placeholder, or the value itself). */
function matchCondition(shape: Shape, value: (name: string) => SQL): SQL | undefined {
  const conditions: SQL[] = [eq(customers.referralCode, value('code'))]
  if (shape.email) {
    const email = customers.email
    const pattern = value('email')
    conditions.push(
      sql`(${emailKey(email)} like ${emailKey(pattern)} and lower(${email}) like ${pattern})`,
    )
  }
  if (shape.name) conditions.push(sql`${folded(customers.fullname)} like ${folded(value('name'))}`)
  shape.phones.forEach((kind, index) => {
    // A prefix as a range of the `text_pattern_ops` index (`like '+3816%'` would be one only
    // for a planner that sees the value): a prepared statement's plan holds for every number.
    const fragment = value(`phone${index}`)
    const phone = customers.phone
    conditions.push(
      kind === 'prefix'
        ? sql`(${phone} ~>=~ ${fragment} and ${phone} ~<~ (${fragment} || chr(1114111)))`
        : sql`${phone} like ${fragment}`,
    )
  })
  return or(...conditions)
}

/** One search: its page, and what its query looks for (made before it joins the turn's others). */
type Search = { page: number; match: ReturnType<typeof customerMatch> }

/**
 * `GET /customer/search`: a page of the matching customers by name then id, and how many match.
 * At most `customerCountLimit` matches are taken, the first the indexes give, then sorted: a common
 * name among a million customers would otherwise be read and sorted whole for every page (or the
 * name index walked from A until the page is full). A search with more matches says so (the count
 * is the limit) and asks for a longer query; an empty query takes the first customers by name.
 * Searches of one shape sent in the same turn are answered by one statement (`batchedPerTurn`).
 */
export async function searchCustomers(
  db: Database,
  query: string,
  page: number,
): Promise<CustomerList> {
  const list = await searchedPage(db, { page, match: customerMatch(query) })
  if (!list) throw new Error('a search was left unanswered')
  return list
}

const searchedPage = batchedPerTurn(async (db: Database, searches: Search[]) => {
  const byShape = Map.groupBy(searches, ({ match }) => statementName(match?.shape ?? null))
  const lists = new Map<Search, CustomerList>()
  await Promise.all(
    byShape.values().map(async (asked) => {
      const shape = asked[0]?.match?.shape ?? null
      const values: Record<string, unknown[]> = {
        offset: asked.map(({ page }) => (page - 1) * pageSize),
      }
      for (const name of valueNames(shape)) {
        values[name] = asked.map(({ match }) => match?.values[name] ?? null)
      }
      const rows = await searchStatement(db, shape).execute(values)
      const pages = Map.groupBy(rows, (row) => row.asked)
      for (const [index, search] of asked.entries()) {
        const pageRows = pages.get(index + 1) ?? []
        const count = pageRows[0]?.count ?? (await countPastTheLast(db, search))
        lists.set(search, { rows: pageRows.map((row) => row.customer), count })
      }
    }),
  )
  return lists
})

/**
 * How many match a search whose page is empty: none when it is the first page, else (a page past
 * the last) counted alone.
 */
async function countPastTheLast(db: Database, { page, match }: Search): Promise<number> {
  if (page === 1) return 0
  const where = match
    ? matchCondition(match.shape, (name) => sql`${match.values[name]}`)
    : undefined
  const matches = db.$with('matches').as(matchesOf(db, where))
  const [total] = await db
    .with(matches)
    .select({ count: sql<number>`(select count(*) from ${matches})::int` })
    .from(sql`(select 1) as one`)
  return total?.count ?? 0
}

/**
 * The first `customerCountLimit` customers that match (by name for the empty query); an erased
 * customer is found by no search.
 */
function matchesOf(db: Database, where: SQL | undefined) {
  return db
    .select({
      id: customers.id,
      fullname: customers.fullname,
      email: customers.email,
      phone: customers.phone,
      referralCode: customers.referralCode,
      points: customers.points,
    })
    .from(customers)
    .where(and(where, isNull(customers.erasedAt)))
    .orderBy(...(where ? [] : [asc(customers.fullname), asc(customers.id)]))
    .limit(customerCountLimit)
}

/** The names of a shape's values (`customerMatch`), in the order the statement takes them. */
function valueNames(shape: Shape | null): string[] {
  if (!shape) return []
  return [
    'code',
    ...(shape.email ? ['email'] : []),
    ...(shape.name ? ['name'] : []),
    ...shape.phones.map((_, index) => `phone${index}`),
  ]
}

/**
 * The pages of several searches of one shape (null: the empty query) and their counts: each
 * value placeholder is an array with one element per search, the `asked` row `n` (from 1) of the
 * answer is the search's place in them. Every search is looked up as it would be alone, its
 * matches numbered by name then id, and the page's numbers kept; prepared once per shape.
 */
export function customerPagesQuery(db: Database, shape: Shape | null) {
  const names = valueNames(shape)
  const arrays = [
    ...names.map((name) => sql`${sql.placeholder(name)}::text[]`),
    sql`${sql.placeholder('offset')}::integer[]`,
  ]
  const columns = [...names, 'offset', 'n'].map((name) => sql.identifier(name))
  const askedValue = (name: string) => sql`${sql.identifier('asked')}.${sql.identifier(name)}`
  const asked = sql`unnest(${sql.join(arrays, sql`, `)}) with ordinality as asked(${sql.join(columns, sql`, `)})`
  const matches = matchesOf(db, shape ? matchCondition(shape, askedValue) : undefined).as('matches')
  const ranked = db
    .select({
      id: matches.id,
      fullname: matches.fullname,
      email: matches.email,
      phone: matches.phone,
      referralCode: matches.referralCode,
      points: matches.points,
      position: sql<number>`row_number() over (order by ${matches.fullname}, ${matches.id})`.as(
        'position',
      ),
      count: sql<number>`(count(*) over ())::int`.as('count'),
    })
    .from(matches)
    .as('ranked')
  const offset = askedValue('offset')
  return db
    .select({
      asked: sql<number>`${askedValue('n')}::int`,
      customer: {
        id: ranked.id,
        fullname: ranked.fullname,
        email: ranked.email,
        phone: ranked.phone,
        referralCode: ranked.referralCode,
        points: ranked.points,
      },
      count: ranked.count,
    })
    .from(asked)
    .crossJoinLateral(ranked)
    .where(sql`${ranked.position} > ${offset} and ${ranked.position} <= ${offset} + ${pageSize}`)
    .orderBy(askedValue('n'), ranked.position)
}

/** The statement's name tells its shape: `e`mail, `n`ame, phone `s`tart or `p`art. */
function statementName(shape: Shape | null): string {
  if (!shape) return 'customer_pages_all'
  const phones = shape.phones.map((kind) => (kind === 'prefix' ? 's' : 'p')).join('')
  return `customer_pages_${shape.email ? 'e' : ''}${shape.name ? 'n' : ''}${phones}`
}

function prepare(db: Database, shape: Shape | null) {
  return customerPagesQuery(db, shape).prepare(statementName(shape))
}

const searchStatements = preparedStatements<ReturnType<typeof prepare>>()

function searchStatement(db: Database, shape: Shape | null) {
  return searchStatements(db, statementName(shape), (on) => prepare(on, shape))
}
