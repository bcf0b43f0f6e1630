/**
 * The large data set the benchmarks run on (docs/quality.md): a deterministic generator that loads
 * PostgreSQL with `COPY`, on top of the demo data, so that the demo logins work against it too.
 *
 *   npm run seed:large -- --customers 1000000 --vouchers 1000000 --stores 500 --experts 2000 \
 *     --trials 1000000 --seed 1 [--now 2026-01-15] [--reset] [--database-url postgres://…]
 *
 * The database (default `postgres://postgres@127.0.0.1:5432/brand_large`) is created when it does
 * not exist (`--reset` drops it first); the committed migrations run, then the demo seed, then the
 * generated rows stream in, each table through `COPY … FROM STDIN`: stores, experts (agents and
 * managers, password `Demo!2345`), the managers' store logs, customers with their devices, orders,
 * e-commerce statuses, communication, service cases, reclamations, loyalty actions and visit notes
 * (the demo's customer generator, one pass feeding nine `COPY` streams at once), trials over the two
 * years before `--now`, and vouchers (the log of the used ones is one `insert … select`). The
 * counts are of generated rows, on top of the demo's. The foreign keys of the big tables are
 * dropped for the load and added again afterwards from their own definitions
 * (`pg_get_constraintdef`), which checks every row; the indexes stay (see `bulkTables`). Then the
 * identity sequences are moved past the generated ids and the database is vacuumed and analysed.
 *
 * The same `--seed` and `--now` (default: today, 00:00 UTC) give the same rows, except the password
 * hashes (argon2 salts are random). Generated rows cannot collide with the demo's: ids follow the
 * demo's; customers are the generator's numbers after the demo's, so their referral codes, emails
 * and serial numbers differ; voucher codes are `MGM-L-0000001`, `LOYALTY-L-…`, `PROMO-L-…`; expert
 * emails are `first.last.N@example.rs|me`.
 */
import { once } from 'node:events'
import { finished } from 'node:stream/promises'
import { parseArgs } from 'node:util'
import pg from 'pg'
import { from as copyFrom, type CopyStreamQuery } from 'pg-copy-streams'
import * as v from 'valibot'
import type { Pack } from '../src/contract/catalogue.ts'
import type { countries } from '../src/contract/stores.ts'
import { trialBodySchema, type StickImpression, type TrialAnswers } from '../src/contract/trial.ts'
import {
  ageRanges,
  consumptions,
  deviceImpressions,
  genders,
  habits,
  noPurchaseReasons,
  purchaseReasons,
  referralSources,
  stickColors,
  stickImpressions,
  type StickColor,
} from '../src/contract/trial-options.ts'
import { hashPassword } from '../server/auth/password.ts'
import { openDatabase } from '../server/db/database.ts'
import * as words from '../server/db/demo-people.ts'
import { demoCustomerCount, generateCustomers } from '../server/db/seed-customers.ts'
import { asciiOf, dayMs, hashOf, randomFrom, type Random } from '../server/db/seed-random.ts'
import { demoPassword, demoUsers, seedDemo } from '../server/db/seed.ts'

// ---------------------------------------------------------------------------------------------
// Options

const { values: options } = parseArgs({
  options: {
    'database-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/brand_large' },
    customers: { type: 'string', default: '1000000' },
    vouchers: { type: 'string', default: '1000000' },
    stores: { type: 'string', default: '500' },
    experts: { type: 'string', default: '2000' },
    trials: { type: 'string', default: '1000000' },
    seed: { type: 'string', default: '1' },
    now: { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
  strict: true,
})

function countOption(name: keyof typeof options): number {
  const text = options[name]
  const value = Number(text)
  if (typeof text !== 'string' || !Number.isSafeInteger(value) || value < 0) {
    throw new Error(`--${name} must be a whole number, not ${String(text)}`)
  }
  return value
}

const counts = {
  customers: countOption('customers'),
  vouchers: countOption('vouchers'),
  stores: countOption('stores'),
  experts: countOption('experts'),
  trials: countOption('trials'),
}
const seed = countOption('seed')
const databaseUrl = options['database-url']
const now = referenceNow(options.now)

/** `--now` as given, or the start of today (UTC): the same day gives the same rows. */
function referenceNow(text: string | undefined): Date {
  if (text !== undefined) {
    const date = new Date(text)
    if (Number.isNaN(date.getTime())) throw new Error(`--now is not a date: ${text}`)
    return date
  }
  const today = new Date()
  return new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()))
}

// ---------------------------------------------------------------------------------------------
// Progress

const startedAt = performance.now()
const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1)
const thousands = (value: number) => value.toLocaleString('en')

function report(table: string, rows: number, since: number, note = '') {
  console.info(
    `  ${table.padEnd(20)} ${thousands(rows).padStart(11)} rows ${seconds(since).padStart(7)} s${note}`,
  )
}

// ---------------------------------------------------------------------------------------------
// COPY in text format, streamed: rows are buffered into chunks of about 64 KB

type Cell = string | number | boolean | Date | null

const needsEscape = /[\\\t\n\r]/
const escapes: Record<string, string> = { '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' }

function field(value: Cell): string {
  if (value === null) return '\\N'
  if (value instanceof Date) return value.toISOString()
  if (typeof value === 'string') {
    return needsEscape.test(value)
      ? value.replace(/[\\\t\n\r]/g, (char) => escapes[char] ?? char)
      : value
  }
  return String(value)
}

const chunkSize = 1 << 16

/** The writers whose `COPY` has not ended: their connections are closed when the run fails. */
const openWriters = new Set<CopyWriter>()

/** One `COPY table (columns) FROM STDIN` on a client of its own; `end()` waits for the server. */
class CopyWriter {
  rows = 0
  private chunk = ''
  private released = false
  private readonly client: pg.PoolClient
  /** The largest id before this load: generated rows take the ids after it. */
  private readonly idBase: number
  private readonly stream: CopyStreamQuery
  private readonly done: Promise<void>

  constructor(client: pg.PoolClient, table: string, columns: readonly string[], idBase = 0) {
    this.client = client
    this.idBase = idBase
    this.stream = client.query(
      copyFrom(`copy ${table} (${columns.join(', ')}) from stdin`, { highWaterMark: 1 << 20 }),
    )
    this.done = finished(this.stream).then(
      () => this.release(false),
      (error: unknown) => {
        this.release(true)
        throw error
      },
    )
    // Observed by `drain` and `end`; without a handler here a refused row would crash the process.
    this.done.catch(() => undefined)
    openWriters.add(this)
  }

  /** The id the next row gets. */
  nextId(): number {
    return this.idBase + this.rows + 1
  }

  write(cells: readonly Cell[]): void {
    this.chunk += cells.map(field).join('\t') + '\n'
    this.rows += 1
    if (this.chunk.length >= chunkSize) {
      this.stream.write(this.chunk)
      this.chunk = ''
    }
  }

  /** Waits while the server is behind (and throws what it refused). */
  async drain(): Promise<void> {
    if (!this.stream.writableNeedDrain) return
    await Promise.race([once(this.stream, 'drain').catch(() => undefined), this.done])
  }

  async end(): Promise<number> {
    if (this.chunk !== '') this.stream.write(this.chunk)
    this.chunk = ''
    this.stream.end()
    await this.done
    return this.rows
  }

  /**
   * Gives the connection back to the pool; a broken one (`discard`) is closed instead, which makes
   * the server roll its `COPY` back.
   */
  release(discard: boolean): void {
    if (this.released) return
    this.released = true
    openWriters.delete(this)
    this.client.release(discard)
  }
}

async function writer(pool: pg.Pool, table: string, columns: readonly string[], idBase = 0) {
  return new CopyWriter(await pool.connect(), table, columns, idBase)
}

/** Copies the rows of one table, from a generator, and prints how long it took. */
async function copyTable(
  pool: pg.Pool,
  table: string,
  columns: readonly string[],
  idBase: number,
  rows: (out: CopyWriter) => Generator<undefined, void, undefined>,
): Promise<number> {
  const since = performance.now()
  const out = await writer(pool, table, columns, idBase)
  let step = 0
  for (const _ of rows(out)) {
    step += 1
    if (step % 1024 === 0) await out.drain()
  }
  const written = await out.end()
  report(table, written, since)
  return written
}

// ---------------------------------------------------------------------------------------------
// The database: created (or reset) through the `postgres` database, migrated, seeded with the demo

async function prepareDatabase(): Promise<void> {
  const url = new URL(databaseUrl)
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''))
  if (name === '' || name === 'postgres') throw new Error(`--database-url must name a database`)
  url.pathname = '/postgres'
  const admin = new pg.Client({ connectionString: url.toString() })
  await admin.connect()
  try {
    const quoted = admin.escapeIdentifier(name)
    if (options.reset) {
      await admin.query(`drop database if exists ${quoted} with (force)`)
      console.info(`Dropped ${name}.`)
    }
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name])
    if (exists.rowCount === 0) {
      await admin.query(`create database ${quoted}`)
      console.info(`Created ${name}.`)
    }
  } finally {
    await admin.end()
  }
}

/** Migrates and seeds the demo data as `npm start` does, with `now` as the clock. */
async function migrateAndSeedDemo(): Promise<void> {
  const database = await openDatabase({ databaseUrl, dataDir: '.data' })
  try {
    await database.migrate()
    if (await seedDemo(database.db, () => now)) console.info('Seeded the demo data.')
  } finally {
    await database.close()
  }
}

async function largestId(pool: pg.Pool, table: string): Promise<number> {
  const result = await pool.query<{ id: number | null }>(`select max(id) as id from ${table}`)
  return result.rows[0]?.id ?? 0
}

// ---------------------------------------------------------------------------------------------
// Foreign keys of the big tables: dropped for the load, then added again (and so checked at once)

/**
 * The tables loaded in parallel: a child's `COPY` cannot see the customers of a `COPY` still
 * running on another connection, and a check per row would be slower than one check per key at
 * the end. The secondary indexes stay: dropping them and building them afterwards measured no
 * faster here (GIN's pending list and the append-mostly b-trees keep up with `COPY`).
 */
const bulkTables = [
  'customers',
  'devices',
  'orders',
  'ecommerce_statuses',
  'communications',
  'service_cases',
  'reclamations',
  'loyalty_actions',
  'visit_notes',
  'trials',
  'vouchers',
  'voucher_log',
] as const

type ForeignKey = { table: string; name: string; sql: string }

/** The foreign keys of the big tables, each with the statement that adds it as it is now. */
async function foreignKeysOf(pool: pg.Pool): Promise<ForeignKey[]> {
  const keys = await pool.query<ForeignKey>(
    `select conrelid::regclass::text as table, conname as name,
        'alter table ' || conrelid::regclass::text || ' add constraint ' || quote_ident(conname)
          || ' ' || pg_get_constraintdef(oid) as sql
      from pg_constraint
      where contype = 'f' and conrelid = any($1::regclass[])
      order by 1, 2`,
    [[...bulkTables]],
  )
  return keys.rows
}

async function dropForeignKeys(pool: pg.Pool, keys: ForeignKey[]) {
  for (const key of keys) {
    await pool.query(`alter table ${key.table} drop constraint ${pg.escapeIdentifier(key.name)}`)
  }
}

/** The biggest tables first, so that the two connections finish at about the same time. */
const biggest = ['loyalty_actions', 'orders', 'communications', 'trials', 'vouchers']
function rankOf(key: ForeignKey): number {
  const index = biggest.indexOf(key.table)
  return index === -1 ? biggest.length : index
}

/**
 * Adds the keys again on two connections at once (the machine has two cores), and checks that
 * they are what they were.
 */
async function restoreForeignKeys(pool: pg.Pool, dropped: ForeignKey[]): Promise<void> {
  const queue = [...dropped].sort((a, b) => rankOf(a) - rankOf(b))
  const worker = async () => {
    const client = await pool.connect()
    try {
      for (let next = queue.shift(); next; next = queue.shift()) {
        const since = performance.now()
        await client.query(next.sql)
        console.info(`  ${next.name.padEnd(48)} ${seconds(since).padStart(7)} s`)
      }
    } finally {
      client.release()
    }
  }
  await Promise.all([worker(), worker()])
  const statements = (keys: ForeignKey[]) => JSON.stringify(keys.map((key) => key.sql).sort())
  if (statements(await foreignKeysOf(pool)) !== statements(dropped)) {
    throw new Error('the foreign keys differ from those before the load')
  }
}

// ---------------------------------------------------------------------------------------------
// Stores, experts and their store logs

type Country = (typeof countries)[number]
type Store = { id: number; name: string; country: Country }
/** A manager's time at a store, from `from` (ms) until the next stint. */
type Stint = { storeId: number; from: number }
/** Someone who runs trials, redeems vouchers and writes visit notes. */
type Author = {
  id: number
  fullname: string
  role: 'agent' | 'manager'
  country: Country
  /** An agent's stores: mostly the first. */
  usual: number[]
  /** A manager's stints, oldest first; the last is the store they are checked in to. */
  stints: Stint[]
}

/** One independent stream per entity, so that each is made from the seed and its number alone. */
const streams = { store: 11, expert: 12, trial: 13, voucher: 14 } as const
const streamOf = (stream: number, number: number) => randomFrom(hashOf(seed, stream, number))

const twoYears = 730 * dayMs
const historyStart = now.getTime() - twoYears

const places: Record<Country, { cities: readonly string[]; streets: readonly string[] }> = {
  RS: {
    cities: [
      'Beograd',
      'Beograd',
      'Beograd',
      'Novi Sad',
      'Novi Sad',
      'Niš',
      'Kragujevac',
      'Subotica',
      'Čačak',
      'Zrenjanin',
      'Pančevo',
      'Kraljevo',
      'Smederevo',
      'Leskovac',
      'Valjevo',
      'Šabac',
      'Užice',
      'Sombor',
    ],
    streets: [
      'Njegoševa',
      'Kralja Petra',
      'Svetog Save',
      'Vuka Karadžića',
      'Karađorđeva',
      'Cara Dušana',
      'Kneza Miloša',
      'Bulevar oslobođenja',
      'Nemanjina',
      'Trg slobode',
      'Glavna',
      'Vojvode Mišića',
      'Kralja Milana',
      'Železnička',
    ],
  },
  ME: {
    cities: [
      'Podgorica',
      'Podgorica',
      'Nikšić',
      'Budva',
      'Bar',
      'Herceg Novi',
      'Kotor',
      'Tivat',
      'Cetinje',
      'Bijelo Polje',
      'Pljevlja',
      'Ulcinj',
    ],
    streets: [
      'Njegoševa',
      'Slobode',
      'Bulevar Svetog Petra Cetinjskog',
      'Hercegovačka',
      'Vaka Đurovića',
      'Mediteranska',
      'Bulevar revolucije',
      'Obala',
      'Njegoševa',
      'Crnogorskih serdara',
    ],
  },
}
const storePrefixes = [
  'Trafika',
  'Duvan Centar',
  'Tobacco Point',
  'Kiosk',
  'Duvan Shop',
  'Tobacco Corner',
  'Duvan Ekspres',
]

function* storeRows(out: CopyWriter, made: Store[]) {
  const names = new Set<string>()
  for (let number = 1; number <= counts.stores; number += 1) {
    const random = streamOf(streams.store, number)
    const country: Country = random.chance(0.7) ? 'RS' : 'ME'
    const { cities, streets } = places[country]
    const city = random.pick(cities)
    const street = random.pick(streets)
    const prefix = random.pick(storePrefixes)
    let house = random.int(1, 150)
    while (names.has(`${prefix} ${street} ${house}, ${city}`)) house += 1
    names.add(`${prefix} ${street} ${house}, ${city}`)
    const name = `${prefix} ${street} ${house}`
    const id = out.nextId()
    const createdAt = new Date(historyStart - random.int(60, 400) * dayMs)
    out.write([id, name, `${street} ${house}`, city, country, createdAt, null])
    made.push({ id, name, country })
    yield
  }
}

function phoneOf(random: Random, country: Country): string {
  return country === 'RS'
    ? `+3816${random.pick(['0', '1', '2', '3', '4', '5', '6', '9'])}${random.int(1_000_000, 9_999_999)}`
    : `+3826${random.pick(['7', '8', '9'])}${random.int(100_000, 999_999)}`
}

function makeExpert(number: number, id: number, stores: Record<Country, Store[]>) {
  const random = streamOf(streams.expert, number)
  const role = random.chance(0.2) ? ('manager' as const) : ('agent' as const)
  const country: Country = random.chance(0.7) || stores.ME.length === 0 ? 'RS' : 'ME'
  const female = random.chance(0.5)
  const first = random.pick(female ? words.femaleNames : words.maleNames)
  const last = random.pick(country === 'ME' ? words.montenegrinSurnames : words.serbianSurnames)
  const local = `${asciiOf(first)}.${asciiOf(last)}.${number}`
  const domain = country === 'RS' ? 'example.rs' : 'example.me'
  const createdAt = historyStart - random.int(1, 60) * dayMs - random.int(0, 600) * 60_000
  const nearby = stores[country]
  const usual = [random.pick(nearby).id, random.pick(nearby).id, random.pick(nearby).id]
  const stints: Stint[] = []
  if (role === 'manager') {
    for (let from = createdAt + random.int(0, 3) * dayMs; from < now.getTime();) {
      stints.push({ storeId: random.pick(nearby).id, from })
      from += random.int(7, 120) * dayMs + random.int(-120, 120) * 60_000
    }
  }
  const author: Author = { id, fullname: `${first} ${last}`, role, country, usual, stints }
  return {
    author,
    email: `${local}@${domain}`,
    phone: random.chance(0.8) ? phoneOf(random, country) : null,
    createdAt: new Date(createdAt),
  }
}

function* expertRows(
  out: CopyWriter,
  stores: Record<Country, Store[]>,
  passwordHash: string,
  made: Author[],
) {
  for (let number = 1; number <= counts.experts; number += 1) {
    const expert = makeExpert(number, out.nextId(), stores)
    const { author } = expert
    const storeId = author.stints.at(-1)?.storeId ?? null
    out.write([
      author.id,
      author.role,
      author.fullname,
      expert.email,
      expert.phone,
      passwordHash,
      storeId,
      expert.createdAt,
      null,
    ])
    made.push(author)
    yield
  }
}

function* storeLogRows(out: CopyWriter, authors: Author[]) {
  for (const author of authors) {
    author.stints.forEach((stint, index) => {
      const next = author.stints[index + 1]
      const logoutAt = next
        ? new Date(next.from - ((author.id + index) % 300) * 60_000 - 60_000)
        : null
      out.write([out.nextId(), author.id, stint.storeId, new Date(stint.from), logoutAt])
    })
    yield
  }
}

/** The store a manager was checked in to at `time`; null for an agent. */
function stintAt(author: Author, time: number): number | null {
  const { stints } = author
  let low = 0
  let high = stints.length - 1
  while (low < high) {
    const middle = (low + high + 1) >> 1
    if ((stints[middle]?.from ?? Infinity) <= time) low = middle
    else high = middle - 1
  }
  return stints[low]?.storeId ?? null
}

/** Where an author ran a trial at `time`: a manager at their store then, an agent at a usual one. */
function storeAt(author: Author, time: number, random: Random): number | null {
  if (author.role === 'manager') return stintAt(author, time)
  const roll = random.next()
  return author.usual[roll < 0.6 ? 0 : roll < 0.85 ? 1 : 2] ?? null
}

// ---------------------------------------------------------------------------------------------
// Customers: the demo's generator, after the demo's numbers; one pass feeds nine COPY streams

/** Contacts of every fourth customer: the trials of known customers carry them. */
type Contacts = { emails: (string | null)[]; phones: (string | null)[] }
/** MGM referrals (customer ids) and when the referred customer registered (ms). */
type Referrals = { godfathers: number[]; referred: number[]; at: number[] }

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

async function copyCustomers(pool: pg.Pool, authors: Author[], customerBase: number) {
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

// ---------------------------------------------------------------------------------------------
// Trials: the wizard's answers (or the simple screen's text), over the two years before `now`

type Catalogue = {
  hts: Pack[]
  rmc: Pack[]
  sticks: { id: number; name: string; color: StickColor | null }[]
  devices: { id: number; name: string }[]
}

async function catalogueOf(pool: pg.Pool): Promise<Catalogue> {
  const packs = await pool.query<{
    id: number
    type: 'HTS' | 'RMC'
    brandName: string
    brandFamily: string
    image: string | null
  }>(
    `select id, type, brand_name as "brandName", brand_family as "brandFamily", image
      from packs order by id`,
  )
  const products = await pool.query<{
    id: number
    name: string
    type: string
    color: string | null
  }>('select id, name, type, color from products order by id')
  // As the PWA sends a pack: with its `src` under the default asset location.
  const withSrc = packs.rows.map((pack): Pack => ({
    ...pack,
    src: pack.image?.replace(/^\.\//, '/media/') ?? null,
  }))
  const colorOf = (color: string | null) => stickColors.find((known) => known === color) ?? null
  return {
    hts: withSrc.filter((pack) => pack.type === 'HTS'),
    rmc: withSrc.filter((pack) => pack.type === 'RMC'),
    sticks: products.rows
      .filter((row) => row.type === 'Stick')
      .map((row) => ({ id: row.id, name: row.name, color: colorOf(row.color) })),
    devices: products.rows
      .filter((row) => row.type === 'Device')
      .map((row) => ({ id: row.id, name: row.name })),
  }
}

/** `min` to `max` distinct items, in the order of `items`. */
function someOf<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const indexes = items.map((_, index) => index)
  const count = Math.min(random.int(min, max), items.length)
  for (let index = 0; index < count; index += 1) {
    const other = random.int(index, indexes.length - 1)
    const swap = indexes[index] ?? 0
    indexes[index] = indexes[other] ?? 0
    indexes[other] = swap
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .flatMap((index) => {
      const item = items[index]
      return item === undefined ? [] : [item]
    })
}

/** `count` distinct items in random order (the order the customer tried them). */
function shuffledOf<T>(random: Random, items: readonly T[], count: number): T[] {
  const left = [...items]
  const chosen: T[] = []
  while (chosen.length < count && left.length > 0) {
    const [item] = left.splice(random.int(0, left.length - 1), 1)
    if (item !== undefined) chosen.push(item)
  }
  return chosen
}

function impressionOf<P, N, U>(
  random: Random,
  options: { positive: readonly P[]; negative: readonly N[]; neutral: readonly U[] },
) {
  return {
    positive: someOf(random, options.positive, 0, 3),
    negative: someOf(random, options.negative, 0, 2),
    neutral: someOf(random, options.neutral, 0, 1),
  }
}

const otherBrands = ['Marlboro', 'Winston', 'Camel', 'LD', 'Chesterfield', 'Drina', 'Walter Wolf']
const stickNotes = [
  'Svidio mu se ukus.',
  'Previše jak za nju.',
  'Želi da proba ponovo.',
  'Uporedio sa svojim cigaretama.',
]
const noPurchaseNotes = ['Vratiće se sledeće nedelje.', 'Razmisliće.', 'Kupiće online.']
const simpleNotes = [
  'Kupac je probao uređaj i dobio informacije o programu lojalnosti.',
  'Kratak razgovor, kupac nije bio zainteresovan.',
  'Probao dva ukusa, kupio paket štapića.',
  'Pitala za cene uređaja i akcije.',
  'Kupac koristi klasične cigarete, zainteresovan za prelazak.',
  'Proba sa prijateljem, obojica kupila uređaj.',
]
const freeEmailDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']

/** The customer's contact on the email step: one of the known customers', or someone new. */
function contactOf(
  random: Random,
  number: number,
  country: Country,
  contacts: Contacts,
): { email?: string; phone?: string } {
  if (contacts.emails.length > 0 && random.chance(0.7)) {
    const index = random.int(0, contacts.emails.length - 1)
    const email = contacts.emails[index] ?? null
    const phone = contacts.phones[index] ?? null
    const withEmail = email !== null && (phone === null || random.chance(0.85))
    const withPhone = phone !== null && (!withEmail || random.chance(0.35))
    return {
      ...(withEmail ? { email } : {}),
      ...(withPhone ? { phone } : {}),
    }
  }
  const first = asciiOf(random.pick(random.chance(0.5) ? words.femaleNames : words.maleNames))
  const last = asciiOf(random.pick(words.serbianSurnames))
  return random.chance(0.8)
    ? { email: `${first}.${last}.t${number}@${random.pick(freeEmailDomains)}` }
    : { phone: phoneOf(random, country) }
}

function answersOf(
  random: Random,
  number: number,
  country: Country,
  catalogue: Catalogue,
  contacts: Contacts,
): TrialAnswers {
  const chosenHabits = someOf(random, habits, 1, 2)
  const hts = catalogue.hts.length > 0 ? random.pick(catalogue.hts) : null
  const rmc =
    catalogue.rmc.length > 0 && random.chance(0.85)
      ? random.pick(catalogue.rmc)
      : { other: random.pick(otherBrands) }
  const order = shuffledOf(random, stickColors, random.pick([1, 1, 2, 2, 3]))
  const multiple = random.chance(0.15)
  const sticks: Partial<Pick<TrialAnswers, StickColor | `${StickColor}Comment`>> = {}
  for (const color of order) {
    const impression: StickImpression = impressionOf(random, stickImpressions)
    sticks[color] = impression
    sticks[`${color}Comment`] = random.chance(0.1) ? random.pick(stickNotes) : ''
  }
  const device =
    catalogue.devices.length > 0 && random.chance(0.75) ? random.pick(catalogue.devices) : null
  const bought = random.chance(0.35)
  const triedSticks = catalogue.sticks.filter(
    (stick) => stick.color !== null && order.includes(stick.color),
  )
  const contact = contactOf(random, number, country, contacts)
  return {
    gender: random.pick(genders),
    ageRange: random.pick(ageRanges),
    habits: chosenHabits.join(';'),
    habitsData: {
      HTS: chosenHabits.includes('HTS') ? hts : null,
      RMC: chosenHabits.includes('RMC') ? rmc : null,
    },
    consumption: random.pick(consumptions),
    referalSource: someOf(random, referralSources, 1, 2),
    email: { ...contact, privacyPolicy: true, analizeData: true },
    consumptionOrder: order,
    ...(multiple && order.length > 0
      ? {
          consumptionCounts: Object.fromEntries(order.map((color) => [color, random.int(1, 3)])),
        }
      : {}),
    device:
      device && order.length > 0
        ? { id: device.id, name: device.name, ...impressionOf(random, deviceImpressions) }
        : null,
    ...sticks,
    shopping: bought ? 'yes' : 'no',
    ...(bought
      ? {
          shoppingSuccess: {
            reason: someOf(random, purchaseReasons, 1, 3),
            device: device && random.chance(0.4) ? { id: device.id, name: device.name } : null,
            sticks: someOf(random, triedSticks, 0, 2).map((stick) => ({
              id: stick.id,
              name: stick.name,
              quantity: random.int(1, 10),
            })),
          },
        }
      : {
          shoppingUnsuccess: {
            reason: someOf(random, noPurchaseReasons, 1, 2),
            ...(random.chance(0.15) ? { comment: random.pick(noPurchaseNotes) } : {}),
          },
        }),
  }
}

const trialColumns = [
  'id',
  'user_id',
  'store_id',
  'kind',
  'answers',
  'gender',
  'age_range',
  'shopping',
  'email',
  'phone',
  'created_at',
]

function* trialRows(
  out: CopyWriter,
  authors: Author[],
  storeCountry: Map<number, Country>,
  catalogue: Catalogue,
  contacts: Contacts,
) {
  const days = twoYears / dayMs
  for (let number = 0; number < counts.trials; number += 1) {
    const random = streamOf(streams.trial, number)
    // Spread evenly over the days, in the stores' opening hours (08:00 to 22:00, about UTC+1).
    const day = Math.floor((number * days) / counts.trials)
    const createdAt = new Date(
      historyStart + day * dayMs + random.int(7 * 60, 21 * 60 - 1) * 60_000 + random.int(0, 59_999),
    )
    const author = authors[random.int(0, authors.length - 1)]
    if (!author) return
    const storeId = storeAt(author, createdAt.getTime(), random) ?? author.usual[0] ?? 1
    const country = storeCountry.get(storeId) ?? author.country
    if (random.chance(0.1)) {
      const text = random.pick(simpleNotes)
      out.write([
        out.nextId(),
        author.id,
        storeId,
        'simple',
        JSON.stringify(text),
        null,
        null,
        null,
        null,
        null,
        createdAt,
      ])
    } else {
      const answers = answersOf(random, number, country, catalogue, contacts)
      // A sample is checked against the API's own schema: the rows are what the API would store.
      if (number % 1000 === 0) v.parse(trialBodySchema, { store_id: storeId, comment: answers })
      out.write([
        out.nextId(),
        author.id,
        storeId,
        'guided',
        JSON.stringify(answers),
        answers.gender,
        answers.ageRange,
        answers.shopping,
        answers.email.email ?? null,
        answers.email.phone ?? null,
        createdAt,
      ])
    }
    yield
  }
}

// ---------------------------------------------------------------------------------------------
// Vouchers: the MGM voucher of each referral first, then MGM, LOYALTY and PROMO vouchers

const voucherColumns = [
  'id',
  'code',
  'type',
  'amount',
  'currency',
  'points',
  'status',
  'expires_at',
  'used_at',
  'godfather_id',
  'referred_customer_id',
  'used_by_customer_id',
  'used_by_user_id',
  'used_in_store_id',
  'created_at',
]

function* voucherRows(
  out: CopyWriter,
  authors: Author[],
  referrals: Referrals,
  customerBase: number,
) {
  const nowMs = now.getTime()
  const randomCustomer = (random: Random) =>
    counts.customers > 0 ? customerBase + random.int(1, counts.customers) : null
  for (let number = 1; number <= counts.vouchers; number += 1) {
    const random = streamOf(streams.voucher, number)
    const referral = number <= referrals.referred.length ? number - 1 : null
    const type =
      referral !== null
        ? ('MGM' as const)
        : random.pick(['MGM', 'MGM', 'LOYALTY', 'LOYALTY', 'PROMO'] as const)
    const code = `${type}-L-${String(number).padStart(7, '0')}`
    let createdAt: number
    let expiresAt: number
    let godfather: number | null = null
    let referred: number | null = null
    if (referral !== null) {
      createdAt = referrals.at[referral] ?? nowMs
      expiresAt = createdAt + 90 * dayMs
      godfather = referrals.godfathers[referral] ?? null
      referred = referrals.referred[referral] ?? null
    } else {
      createdAt = historyStart + Math.floor(random.next() * twoYears)
      expiresAt = createdAt + random.int(30, 180) * dayMs
      godfather = type === 'MGM' ? randomCustomer(random) : null
    }
    // Used (by the referred customer, for a referral's voucher), still valid, or expired.
    const roll = random.next()
    const usable = Math.min(expiresAt, nowMs) - createdAt
    const used = roll < (referral !== null ? 0.75 : 0.35) && usable > 0
    let status: 'valid' | 'used' | 'expired' = 'valid'
    let usedAt: Date | null = null
    let usedBy: number | null = null
    let author: Author | null = null
    let storeId: number | null = null
    if (used) {
      status = 'used'
      usedAt = new Date(createdAt + Math.floor(random.next() * Math.min(usable, 20 * dayMs)))
      usedBy = referred ?? randomCustomer(random)
      author = authors[random.int(0, authors.length - 1)] ?? null
      // As the app stores a redemption: at a manager's store then; an agent's at none.
      storeId = author ? stintAt(author, usedAt.getTime()) : null
    } else if (expiresAt <= nowMs) {
      // Some expired ones were never marked: the app shows a valid voucher past expiry as expired.
      status = random.chance(0.6) ? 'expired' : 'valid'
    }
    const big = random.chance(0.5)
    const inDinars = random.chance(0.5)
    const amount = type === 'LOYALTY' ? (big ? 10 : 5) : big ? 5 : 3
    const value =
      type === 'MGM'
        ? [null, null, null]
        : [
            inDinars ? `${amount * 100}.00` : `${amount}.00`,
            inDinars ? 'RSD' : 'EUR',
            type === 'LOYALTY' ? amount * 100 : null,
          ]
    out.write([
      out.nextId(),
      code,
      type,
      ...value,
      status,
      new Date(expiresAt),
      usedAt,
      godfather,
      referred,
      usedBy,
      author?.id ?? null,
      storeId,
      new Date(createdAt),
    ])
    yield
  }
}

/** The log row of each used generated voucher, with the names as they are now. */
async function copyVoucherLog(pool: pg.Pool, voucherBase: number): Promise<number> {
  const since = performance.now()
  const result = await pool.query(
    `insert into voucher_log (code, voucher_id, date, type, customer_email, expert, store)
      select v.code, v.id, v.used_at, v.type, c.email, u.fullname, s.name
      from vouchers v
      left join customers c on c.id = v.used_by_customer_id
      left join users u on u.id = v.used_by_user_id
      left join stores s on s.id = v.used_in_store_id
      where v.id > $1 and v.status = 'used'
      order by v.id`,
    [voucherBase],
  )
  const rows = result.rowCount ?? 0
  report('voucher_log', rows, since, ' (insert … select from the used vouchers)')
  return rows
}

// ---------------------------------------------------------------------------------------------
// The run

async function main() {
  console.info(
    `Generating with seed ${seed}, now ${now.toISOString()}: ${thousands(counts.customers)} customers, ` +
      `${thousands(counts.vouchers)} vouchers, ${thousands(counts.stores)} stores, ` +
      `${thousands(counts.experts)} experts, ${thousands(counts.trials)} trials.`,
  )
  await prepareDatabase()
  let since = performance.now()
  await migrateAndSeedDemo()
  console.info(`Migrated and seeded the demo data in ${seconds(since)} s.`)

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 12 })
  pool.on('error', (error) => console.warn('database connection lost:', error.message))
  try {
    const users = await pool.query<{ count: number }>('select count(*)::int as count from users')
    if ((users.rows[0]?.count ?? 0) > demoUsers.length) {
      throw new Error('the database holds more than the demo data already: run with --reset')
    }
    const passwordHash = await hashPassword(demoPassword)
    const total: Record<string, number> = {}

    console.info('Stores, experts and store logs:')
    const demoStores = await pool.query<Store>('select id, name, country from stores order by id')
    const stores: Store[] = [...demoStores.rows]
    total.stores = await copyTable(
      pool,
      'stores',
      ['id', 'name', 'address', 'city', 'country', 'created_at', 'archived_at'],
      await largestId(pool, 'stores'),
      (out) => storeRows(out, stores),
    )
    const storesOf: Record<Country, Store[]> = {
      RS: stores.filter((store) => store.country === 'RS'),
      ME: stores.filter((store) => store.country === 'ME'),
    }
    const storeCountry = new Map(stores.map((store) => [store.id, store.country]))

    // The demo agent and the checked-in demo managers run trials too, at their stores.
    const demoAuthors = await pool.query<{
      id: number
      fullname: string
      role: 'agent' | 'manager'
      storeId: number | null
    }>(
      `select id, fullname, role, expert_store_id as "storeId" from users
        where role = 'agent' or (role = 'manager' and expert_store_id is not null) order by id`,
    )
    const authors: Author[] = demoAuthors.rows.map((user) => {
      const storeId = user.storeId ?? storesOf.RS[0]?.id ?? 1
      const country = storeCountry.get(storeId) ?? 'RS'
      const nearby = storesOf[country].slice(0, 3).map((store) => store.id)
      return user.role === 'manager'
        ? { ...user, role: 'manager', country, usual: [storeId], stints: [{ storeId, from: 0 }] }
        : {
            ...user,
            role: 'agent',
            country,
            usual: nearby.length > 0 ? nearby : [storeId],
            stints: [],
          }
    })
    const experts: Author[] = []
    total.users = await copyTable(
      pool,
      'users',
      [
        'id',
        'role',
        'fullname',
        'email',
        'phone',
        'password_hash',
        'expert_store_id',
        'created_at',
        'deleted_at',
      ],
      await largestId(pool, 'users'),
      (out) => expertRows(out, storesOf, passwordHash, experts),
    )
    authors.push(...experts)
    total.store_logs = await copyTable(
      pool,
      'store_logs',
      ['id', 'user_id', 'store_id', 'login_at', 'logout_at'],
      await largestId(pool, 'store_logs'),
      (out) => storeLogRows(out, experts),
    )

    since = performance.now()
    const foreignKeys = await foreignKeysOf(pool)
    await dropForeignKeys(pool, foreignKeys)
    console.info(
      `Dropped the ${foreignKeys.length} foreign keys of the big tables for the load (${seconds(since)} s).`,
    )

    console.info('Customers (one generator pass feeding nine COPY streams; time to each end):')
    const customerBase = await largestId(pool, 'customers')
    const loaded = await copyCustomers(pool, authors, customerBase)
    total.customers_and_history = loaded.rows

    console.info('Trials and vouchers:')
    const catalogue = await catalogueOf(pool)
    total.trials = await copyTable(
      pool,
      'trials',
      trialColumns,
      await largestId(pool, 'trials'),
      (out) => trialRows(out, authors, storeCountry, catalogue, loaded.contacts),
    )
    const voucherBase = await largestId(pool, 'vouchers')
    total.vouchers = await copyTable(pool, 'vouchers', voucherColumns, voucherBase, (out) =>
      voucherRows(out, authors, loaded.referrals, customerBase),
    )
    total.voucher_log = await copyVoucherLog(pool, voucherBase)

    console.info('Foreign keys, added again as they were (each checks its rows):')
    since = performance.now()
    await restoreForeignKeys(pool, foreignKeys)
    console.info(`  all added and compared in ${seconds(since)} s`)

    since = performance.now()
    const identities = await pool.query<{ table: string; column: string }>(
      `select table_name as table, column_name as column from information_schema.columns
        where table_schema = 'public' and is_identity = 'YES' order by 1`,
    )
    for (const { table, column } of identities.rows) {
      const quotedTable = pg.escapeIdentifier(table)
      const quotedColumn = pg.escapeIdentifier(column)
      await pool.query(
        `select setval(pg_get_serial_sequence($1, $2),
          coalesce((select max(${quotedColumn}) from ${quotedTable}), 0) + 1, false)`,
        [quotedTable, column],
      )
    }
    console.info(
      `Moved ${identities.rows.length} identity sequences past the ids (${seconds(since)} s).`,
    )

    since = performance.now()
    // Vacuum sets the visibility map and hint bits now, so that benchmarks do not pay for it later
    // (nor meet autovacuum's insert-triggered runs); it analyses each table as well.
    await pool.query('vacuum (analyze)')
    console.info(`Vacuumed and analysed in ${seconds(since)} s.`)

    const size = await pool.query<{ size: string }>(
      'select pg_size_pretty(pg_database_size(current_database())) as size',
    )
    const rows = Object.values(total).reduce((sum, value) => sum + value, 0)
    console.info(
      `Done: ${thousands(rows)} rows in ${seconds(startedAt)} s; the database is ${size.rows[0]?.size ?? '?'}.`,
    )
    console.info(
      `Start the app on it:\n  DATABASE_URL=${databaseUrl} SEED_DEMO=false npm run serve`,
    )
  } finally {
    // After a failure: close the connections of unfinished COPYs, so that the pool can end.
    for (const open of openWriters) open.release(true)
    await pool.end()
  }
}

try {
  await main()
} catch (error) {
  console.error(error)
  console.error('The load failed and the database is incomplete: run again with --reset.')
  process.exitCode = 1
}
