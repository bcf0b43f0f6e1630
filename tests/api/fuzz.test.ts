import { randomBytes, randomUUID } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import { inArray, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { SignJWT } from 'jose'
import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { apiBasePath, appId, errorEnvelopeSchema } from '../../src/contract/http.ts'
import { allMessages } from '../../src/contract/all-messages.ts'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { signToken } from '../../server/auth/jwt.ts'
import { rowsOf } from '../../server/db/raw-rows.ts'
import type { Database } from '../../server/db/database.ts'
import { customers } from '../../server/db/schema/customers.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { users } from '../../server/db/schema/users.ts'
import { vouchers } from '../../server/db/schema/vouchers.ts'
import { demoPassword, demoUsers, seedDemo } from '../../server/demo/seed.ts'
import { createMailer } from '../../server/mail/mailer.ts'
import { managerWithStore, userWithoutStore } from './support/customer-fixtures.ts'
import { createUser } from './support/fixtures.ts'
import { endpointSpecs } from './fuzz-arbitraries.ts'
import {
  requestArbitrary,
  type Actor,
  type BadTokens,
  type EndpointSpec,
  type FuzzContext,
  type FuzzRequest,
} from './support/fuzz-requests.ts'
import { databases, useApi, type TestApi } from './support/harness.ts'
import { createTrial } from './support/trial-fixtures.ts'

/*
 * A reliability figure (docs/quality.md): generated bad requests across all endpoints,
 * >= 10,000 tried, 0 answered 5xx, 0 database changes from rejected requests.
 * `FUZZ_RUNS` requests per database (1,000 by default; `FUZZ_RUNS=10000` for the audit),
 * `FUZZ_SEED` to replay a run. Every request is checked on its own: no 5xx; a 4xx has the error
 * envelope with a translated, non-empty message; and a 4xx changed no row of any table (a
 * trigger on every table logs each row written; only a refused sign-in may write
 * `login_attempts`, as throttling must, and the audit log's row). Then rejected requests are replayed in batches between
 * two checksums of every table, which must be equal.
 */
const runs = Number(process.env.FUZZ_RUNS ?? 1000)
const seed = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31)
const replayBatch = 20

type Answer = { status: number; text: string; contentType: string }
type Problem = { kind: string; request: FuzzRequest; status: number; detail: string }

const messageIds = new Set<string>(allMessages.map((message) => message.id))

/**
 * Sends a request over a connection of its own (node:http, no keep-alive), so that no answer is
 * lost to a pooled connection the server closed meanwhile.
 */
function send(url: string, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let answered = false
    const outgoing = httpRequest(
      `${url}${apiBasePath}${request.path}`,
      { method: request.method, headers: request.headers, agent: false, timeout: 60_000 },
      (response) => {
        answered = true
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('error', reject)
        response.on('end', () => {
          resolve({
            status: response.statusCode ?? 0,
            text: Buffer.concat(chunks).toString('utf8'),
            contentType: response.headers['content-type'] ?? '',
          })
        })
      },
    )
    outgoing.on('timeout', () => outgoing.destroy(new Error('no answer in 60 s')))
    // The server may answer (413) and close before the whole body is sent: the answer counts.
    outgoing.on('error', (error) => {
      if (!answered) reject(error)
    })
    outgoing.end(request.body)
  })
}

/** What is wrong with a 4xx answer's body, or undefined. */
function envelopeProblem(answer: Answer): string | undefined {
  let body: unknown
  try {
    body = JSON.parse(answer.text)
  } catch {
    return `not JSON (${answer.contentType}): ${answer.text.slice(0, 120)}`
  }
  const parsed = v.safeParse(errorEnvelopeSchema, body)
  if (!parsed.success) return `not the error envelope: ${answer.text.slice(0, 200)}`
  const texts = [
    parsed.output.message,
    ...(parsed.output.invalidFields ?? []).map((f) => f.message),
  ]
  if (texts.some((text) => text.trim() === '')) return `an empty message: ${answer.text}`
  if (texts.some((text) => messageIds.has(text))) return `an untranslated message: ${answer.text}`
  return undefined
}

/** A trigger on every table logs each row written (committed writes only: it is in their transaction). */
async function installAudit(db: Database) {
  await db.execute(
    sql.raw(`create table fuzz_audit (
      id integer primary key generated always as identity,
      table_name text not null,
      op text not null)`),
  )
  await db.execute(
    sql.raw(`create function fuzz_audit_row() returns trigger language plpgsql as $$
    begin
      insert into fuzz_audit (table_name, op) values (tg_table_schema || '.' || tg_table_name, tg_op);
      return null;
    end $$`),
  )
  for (const table of await tableNames(db)) {
    await db.execute(
      sql.raw(`create trigger fuzz_audit_rows after insert or update or delete on ${table}
        for each row execute function fuzz_audit_row()`),
    )
    await db.execute(
      sql.raw(`create trigger fuzz_audit_truncate after truncate on ${table}
        for each statement execute function fuzz_audit_row()`),
    )
  }
}

async function tableNames(db: Database): Promise<string[]> {
  const result: unknown = await db.execute(
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
      where schemaname in ('public', 'drizzle') and tablename <> 'fuzz_audit' order by 1`,
  )
  return rowsOf(result).map((row) => String(row.name))
}

async function auditMark(db: Database): Promise<number> {
  const result: unknown = await db.execute(sql`select coalesce(max(id), 0) as mark from fuzz_audit`)
  return Number(rowsOf(result)[0]?.mark ?? 0)
}

async function writesSince(db: Database, mark: number): Promise<Map<string, number>> {
  const result: unknown = await db.execute(
    sql`select table_name, count(*)::int as n from fuzz_audit where id > ${mark} group by 1`,
  )
  return new Map(rowsOf(result).map((row) => [String(row.table_name), Number(row.n)]))
}

/** md5 of every table's rows, in order. */
async function checksums(db: Database): Promise<Map<string, string>> {
  const sums = new Map<string, string>()
  for (const table of await tableNames(db)) {
    const result: unknown = await db.execute(
      sql.raw(
        `select md5(coalesce(string_agg(t::text, ',' order by t::text), '')) as sum from ${table} t`,
      ),
    )
    sums.set(table, String(rowsOf(result)[0]?.sum))
  }
  return sums
}

/** The API's endpoints as the app registers them, `METHOD /path` under `/api/v1`. */
function registeredEndpoints(api: TestApi): string[] {
  const app = createApp({
    db: api.db,
    mailer: createMailer(api.config),
    clock: api.clock.now,
    config: api.config,
    tasks: api.tasks,
    logger: silentLogger(),
    metrics: createMetrics(),
  })
  const found = app.routes
    .filter((route) => ['GET', 'POST'].includes(route.method))
    .filter((route) => route.path.startsWith(`${apiBasePath}/`) && !route.path.includes('*'))
    .map((route) => `${route.method} ${route.path.slice(apiBasePath.length)}`)
  return [...new Set(found)].sort()
}

async function fuzzContext(api: TestApi, actorIds: number[]): Promise<FuzzContext> {
  const storeRows = await api.db.select({ id: stores.id }).from(stores).limit(30)
  const customerRows = await api.db.select({ id: customers.id }).from(customers).limit(30)
  const voucherRows = await api.db
    .select({ id: vouchers.id, code: vouchers.code })
    .from(vouchers)
    .limit(60)
  const demoEmails = demoUsers.map((user) => user.email)
  const userRows = await api.db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.email, demoEmails))
  const storeIds = storeRows.map((row) => row.id)
  const trialIds: number[] = []
  for (const [index, userId] of actorIds.entries()) {
    const storeId = storeIds[index % storeIds.length] ?? 1
    trialIds.push(await createTrial(api, { userId, storeId, createdAt: api.clock.now() }))
  }
  return {
    storeIds,
    customerIds: customerRows.map((row) => row.id),
    userIds: userRows.map((row) => row.id).filter((id) => !actorIds.includes(id)),
    voucherIds: voucherRows.map((row) => row.id),
    trialIds,
    voucherCodes: voucherRows.map((row) => row.code),
    emails: demoEmails,
    password: demoPassword,
  }
}

/** Tokens that must be refused: expired, signed with another secret, of no user, of a deleted one, ... */
async function badTokens(api: TestApi, userId: number): Promise<BadTokens> {
  const { jwtSecret } = api.config
  const now = new Date()
  const deleted = await createUser(api, { role: 'admin', deleted: true })
  const claims = (subject: string, audience: string) =>
    new SignJWT()
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer('brand-expert-api')
      .setAudience(audience)
      .setSubject(subject)
      .setIssuedAt()
      .setExpirationTime('1h')
  const unsigned = (payload: object) =>
    [{ alg: 'none', typ: 'JWT' }, payload, '']
      .map((part) => (part === '' ? '' : Buffer.from(JSON.stringify(part)).toString('base64url')))
      .join('.')
  return [
    {
      name: 'expired',
      token: await signToken(
        userId,
        randomUUID(),
        60,
        jwtSecret,
        new Date(now.getTime() - 7_200_000),
      ),
    },
    {
      name: 'another secret',
      token: await signToken(userId, randomUUID(), 3600, randomBytes(32), now),
    },
    {
      name: 'no such user',
      token: await signToken(2_000_000_000, randomUUID(), 3600, jwtSecret, now),
    },
    {
      name: 'a deleted user',
      token: await signToken(deleted.id, randomUUID(), 3600, jwtSecret, now),
    },
    { name: 'sub not a number', token: await claims('admin', appId).sign(jwtSecret) },
    { name: 'sub huge', token: await claims('1e400', appId).sign(jwtSecret) },
    { name: 'another audience', token: await claims(String(userId), 'other').sign(jwtSecret) },
    {
      name: 'alg none',
      token: unsigned({ sub: String(userId), aud: appId, iss: 'brand-expert-api', exp: 4e9 }),
    },
  ]
}

function tally(counts: Map<string, Map<number, number>>, key: string, status: number) {
  const byStatus = counts.get(key) ?? new Map<number, number>()
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1)
  counts.set(key, byStatus)
}

function statusText(byStatus: Map<number, number> | undefined): string {
  return [...(byStatus ?? new Map<number, number>())]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}×${count}`)
    .join(' ')
}

function describeRequest(request: FuzzRequest): string {
  const body =
    typeof request.body === 'string'
      ? request.body.length > 300
        ? `${request.body.slice(0, 300)}... (${request.body.length} chars)`
        : request.body
      : request.body === undefined
        ? ''
        : `<${request.body.length} bytes>`
  const path = request.path.length > 200 ? `${request.path.slice(0, 200)}...` : request.path
  return `${request.method} ${path} as ${request.actor} [${request.label}] ${body}`
}

describe.each(databases)('generated bad requests on $name', (database) => {
  const api = useApi(database)
  const errors: string[] = []

  beforeEach(() => {
    // The server logs a line per refused request: thousands here.
    vi.spyOn(console, 'info').mockImplementation(() => {})
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      errors.push(
        args
          .map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg)))
          .join(' '),
      )
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it(
    `answers ${runs} generated requests with no 5xx, a clear 4xx and no change from a rejected one`,
    { timeout: 180_000 + runs * 150 },
    async () => {
      await seedDemo(api.db, api.clock.now)
      const manager = await managerWithStore(api)
      const others = await Promise.all(
        (['agent', 'manager', 'admin', 'super'] as const).map((role) =>
          userWithoutStore(api, role),
        ),
      )
      const [agent, storeless, admin, superUser] = others
      if (!agent || !storeless || !admin || !superUser) throw new Error('no actors')
      const actors: Actor[] = [
        { name: 'anonymous', kind: 'anonymous', token: undefined },
        { name: 'agent', kind: 'agent', token: agent.token },
        { name: 'manager', kind: 'manager', token: manager.token },
        { name: 'manager without a store', kind: 'manager', token: storeless.token },
        { name: 'admin', kind: 'administrator', token: admin.token },
        { name: 'super', kind: 'administrator', token: superUser.token },
      ]
      const actorIds = [manager.id, ...others.map((actor) => actor.id)]
      const context = await fuzzContext(api, actorIds)
      const specs = endpointSpecs(context)
      const specOf = new Map<string, EndpointSpec>(
        specs.map((spec) => [`${spec.method} ${spec.path}`, spec]),
      )

      // Every endpoint the app has is fuzzed (a new one needs its line in endpointSpecs).
      expect(registeredEndpoints(api)).toEqual([...specOf.keys()].sort())

      await installAudit(api.db)
      const counts = new Map<string, Map<number, number>>()
      const problems: Problem[] = []
      const rejected: FuzzRequest[] = []
      let tried = 0
      let previous = ''

      async function probe(request: FuzzRequest): Promise<Answer | undefined> {
        await api.tasks.idle()
        const mark = await auditMark(api.db)
        const errorCount = errors.length
        let answer: Answer
        try {
          answer = await send(api.url, request)
        } catch (error) {
          const detail =
            error instanceof Error ? `${error.message} ${String(error.cause)}` : String(error)
          problems.push({
            kind: 'no answer',
            request,
            status: 0,
            detail: `${detail}; after ${previous}`,
          })
          tally(counts, request.endpoint, 0)
          return undefined
        }
        await api.tasks.idle()
        previous = `${answer.status} ${describeRequest(request).slice(0, 300)}`
        tally(counts, request.endpoint, answer.status)
        const { status } = answer
        if (status >= 500) {
          const logged = errors.slice(errorCount).join('\n').slice(0, 600)
          problems.push({
            kind: '5xx',
            request,
            status,
            detail: `${answer.text.slice(0, 200)}\n${logged}`,
          })
        } else if (status >= 400) {
          const wrong = envelopeProblem(answer)
          if (wrong) problems.push({ kind: 'envelope', request, status, detail: wrong })
          const countsSignIn = specOf.get(request.endpoint)?.countsSignIn === true
          // A refused sign-in is counted (throttling) and recorded (the audit log).
          const signInTables = ['public.login_attempts', 'public.audit_log', 'public.audit_head']
          const writes = [...(await writesSince(api.db, mark))].filter(
            ([table]) => !(countsSignIn && signInTables.includes(table)),
          )
          if (writes.length > 0) {
            const detail = writes.map(([table, n]) => `${table}: ${n} rows`).join(', ')
            problems.push({ kind: 'database change', request, status, detail })
          } else if (!countsSignIn) {
            rejected.push(request)
          }
        }
        return answer
      }

      const arbitrary = requestArbitrary(specs, context, actors, await badTokens(api, agent.id))
      await fc.assert(
        fc.asyncProperty(arbitrary, async (request) => {
          tried += 1
          await probe(request)
        }),
        { numRuns: runs, seed },
      )

      // Rejected requests again, in batches between two checksums of every table.
      // A tenth of the runs (at least 200), spread over the whole run.
      const wanted = Math.max(200, Math.round(runs / 10))
      const step = Math.max(1, Math.floor(rejected.length / wanted))
      const sample = rejected.filter((_, index) => index % step === 0).slice(0, wanted)
      let compared = 0
      let skipped = 0
      for (let start = 0; start < sample.length; start += replayBatch) {
        const batch = sample.slice(start, start + replayBatch)
        const before = await checksums(api.db)
        const answers = []
        for (const request of batch) answers.push(await probe(request))
        const after = await checksums(api.db)
        if (answers.some((answer) => !answer || answer.status < 400 || answer.status >= 500)) {
          skipped += batch.length
          continue
        }
        compared += batch.length
        const changed = [...before]
          .filter(([table, sum]) => after.get(table) !== sum)
          .map(([table]) => table)
        const [first] = batch
        if (changed.length > 0 && first) {
          problems.push({
            kind: 'checksum changed',
            request: first,
            status: 0,
            detail: `${changed.join(', ')} changed over a batch of ${batch.length} rejected requests`,
          })
        }
      }

      const total = new Map<number, number>()
      for (const byStatus of counts.values()) {
        for (const [status, count] of byStatus) total.set(status, (total.get(status) ?? 0) + count)
      }
      const lines = [
        `Fuzz on ${database.name} (seed ${seed}): ${tried} generated requests tried, ${[
          ...counts.values(),
        ].reduce(
          (sum, byStatus) => sum + [...byStatus.values()].reduce((a, b) => a + b, 0),
          0,
        )} sent with the replays; by status: ${statusText(total)}`,
        ...[...counts.keys()]
          .sort()
          .map((key) => `  ${key.padEnd(32)} ${statusText(counts.get(key))}`),
        `Checksums of every table around ${compared} replayed rejected requests (${skipped} in batches not compared): ${
          problems.filter((problem) => problem.kind === 'checksum changed').length
        } changed`,
        `Problems: ${problems.length} (${problems.filter((p) => p.kind === '5xx').length} answered 5xx), by kind, status and endpoint:`,
        ...[...Map.groupBy(problems, (p) => `${p.kind} ${p.status} ${p.request.endpoint}`)].map(
          ([key, group]) =>
            `  ${key}: ${group.length}, such as\n${group
              .slice(0, 3)
              .map(
                (p) =>
                  `    ${describeRequest(p.request)}\n      ${p.detail.replaceAll('\n', '\n      ')}`,
              )
              .join('\n')}`,
        ),
      ]
      console.log(lines.join('\n'))
      expect(tried).toBe(runs)
      expect(
        problems.map((problem) => `${problem.kind} ${problem.status} ${problem.request.endpoint}`),
      ).toEqual([])
    },
  )
})
