import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  apiBasePath,
  appHeader,
  appId,
  dataEnvelope,
  errorEnvelopeSchema,
  invalidToken,
  languageHeader,
} from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import {
  endpoints,
  isPublic,
  mayCall,
  objectRefusals,
  policyOf,
  ruleBinds,
  type Endpoint,
  type ObjectRule,
} from '../../src/contract/policy.ts'
import type { Role } from '../../src/contract/roles.ts'
import { trialCreatedSchema, trialListSchema } from '../../src/contract/trial.ts'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { sessionLifetime, signToken } from '../../server/auth/jwt.ts'
import { hashPassword } from '../../server/auth/password.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { users } from '../../server/db/schema/users.ts'
import { translate } from '../../server/i18n.ts'
import { createCustomer, createVoucher } from './support/customer-fixtures.ts'
import { createStore, goodPassword, uniqueWord, type TestStore } from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import { createTrial } from './support/trial-fixtures.ts'

/**
 * The authorization matrix (docs/quality.md), generated from the policy table of
 * docs/behaviour.md#roles-and-access (src/contract/policy.ts): every endpoint, called with a valid
 * request by each principal, on their own object and on another's where the endpoint has one, must
 * answer what the table says.
 */

const principals = [
  'anonymous',
  'agent',
  'manager',
  'admin',
  'super',
  'manager without store',
] as const
type Principal = (typeof principals)[number]

function roleOf(principal: Principal): Role | null {
  if (principal === 'anonymous') return null
  return principal === 'manager without store' ? 'manager' : principal
}

/** Whose object a call is about, where the endpoint has one. */
type Variant = 'own' | "another's" | "a super user's"

/** The objects that tell an endpoint's rules apart: derived from its rules in the table. */
const objectsOfRule: Record<ObjectRule, readonly Variant[]> = {
  ownTrial: ['own', "another's"],
  ownStore: ['own', "another's"],
  notSelf: ['own', "another's"],
  notSuper: ["another's", "a super user's"],
}

function variantsOf(endpoint: Endpoint): readonly (Variant | null)[] {
  const rules = policyOf(endpoint).object ?? []
  const variants = (['own', "another's", "a super user's"] as const).filter((variant) =>
    rules.some((rule) => objectsOfRule[rule].includes(variant)),
  )
  return variants.length > 0 ? variants : [null]
}

function cellsOf(endpoint: Endpoint) {
  return principals.flatMap((principal) =>
    variantsOf(endpoint).map((variant) => ({ principal, variant })),
  )
}

const totalCells = endpoints.reduce((total, endpoint) => total + cellsOf(endpoint).length, 0)

const allowed = 'allowed'
/** `ownTrial`: another's trial is not found (404) and not listed. */
const hidden = 'hidden'
/** `ownStore`: the trial is filed at the manager's own store, not the one named. */
const filedAtOwnStore = 'filed at their own store'

function answer(status: number, messageId: string): string {
  return `${status} ${translate('en', messageId)}`
}

/** What the table says a principal's call on a variant of its object gets. */
function expected(endpoint: Endpoint, principal: Principal, variant: Variant | null): string {
  if (isPublic(endpoint)) return allowed
  const role = roleOf(principal)
  if (role === null) return `401 ${invalidToken}`
  const entry = policyOf(endpoint)
  if (!mayCall(endpoint, role)) return answer(403, entry.refusal ?? messages.forbidden.id)
  const withoutStore = principal === 'manager without store'
  if (entry.store && withoutStore) return answer(403, messages.notAssignedToStore.id)
  const binds = (rule: ObjectRule) => ruleBinds(endpoint, rule, role)
  const refusal = (rule: keyof typeof objectRefusals) =>
    answer(objectRefusals[rule].status, objectRefusals[rule].message)
  if (binds('notSelf') && variant === 'own') return refusal('notSelf')
  if (binds('notSuper') && variant === "a super user's") return refusal('notSuper')
  if (binds('ownTrial') && variant === "another's") return hidden
  if (binds('ownStore')) {
    if (withoutStore) return refusal('ownStore')
    if (variant === "another's") return filedAtOwnStore
  }
  return allowed
}

type Caller = { id: number; role: Role; email: string; token: string; store: TestStore | null }
type Cell = { principal: Principal; variant: Variant | null; caller: Caller | null }
type Answer = { status: number; body: unknown }

/** A valid request of a cell; `observe` tells what a success did to the object. */
type Call = {
  path: string
  body?: unknown
  /** A 404 is the `ownTrial` rule hiding another's object. */
  notFoundIsHidden?: true
  observe?: (answer: Answer) => Promise<string>
}

const newPassword = 'Nova!Lozinka9'

describe.each(databases)('authorization matrix on $name', (database) => {
  const api = useApi(database)
  let passwordHash: Promise<string> | undefined

  /** A user straight in the database, with `goodPassword` (hashed once for the whole file). */
  async function someone(role: Role, options: { store?: TestStore; invited?: boolean } = {}) {
    passwordHash ??= hashPassword(goodPassword)
    const email = `${uniqueWord(role)}@example.rs`
    const [row] = await api.db
      .insert(users)
      .values({
        role,
        fullname: `Matrix ${role} ${email.slice(0, 8)}`,
        email,
        phone: null,
        passwordHash: options.invited ? null : await passwordHash,
        expertStoreId: options.store?.id ?? null,
      })
      .returning({ id: users.id })
    if (!row) throw new Error('no user inserted')
    return { id: row.id, role, email }
  }

  /** A fresh signed-in user for each cell, so that no cell's changes reach another. */
  async function callerOf(principal: Principal): Promise<Caller | null> {
    const role = roleOf(principal)
    if (role === null) return null
    const store = principal === 'manager' ? await createStore(api) : null
    const user = await someone(role, store ? { store } : {})
    if (store) {
      await api.db.insert(storeLogs).values({ userId: user.id, storeId: store.id, loginAt: now() })
    }
    const token = await signToken(user.id, sessionLifetime, api.config.jwtSecret, now())
    return { ...user, token, store }
  }

  const now = () => api.clock.now()

  /** The owner of the cell's own object: the caller (anonymous: someone). */
  async function ownerOf(cell: Cell) {
    return cell.caller ?? (await someone('agent'))
  }

  async function trialOf(cell: Cell) {
    const author = cell.variant === 'own' ? await ownerOf(cell) : await someone('agent')
    const store = await createStore(api)
    const id = await createTrial(api, { userId: author.id, storeId: store.id, createdAt: now() })
    return { id, author }
  }

  function newUser(role: Role) {
    return {
      fullname: `Matrix ${uniqueWord()}`,
      email: `${uniqueWord('new')}@example.rs`,
      phone: '+381641234',
      role,
    }
  }

  function storeForm() {
    return { name: `Trafika ${uniqueWord()}`, address: 'Knez Mihailova 1', city: 'Beograd' }
  }

  /** One valid request per endpoint: a missing endpoint is a type error. */
  const cases: Record<Endpoint, (cell: Cell) => Call | Promise<Call>> = {
    'GET /health': () => ({ path: '/health' }),
    'GET /health/live': () => ({ path: '/health/live' }),
    'GET /ready': () => ({ path: '/ready' }),
    'POST /user/login': async () => {
      const user = await someone('agent')
      return { path: '/user/login', body: { email: user.email, password: goodPassword } }
    },
    'POST /user/forgot-password/email': async () => {
      const user = await someone('agent')
      return { path: '/user/forgot-password/email', body: { email: user.email } }
    },
    'POST /user/reset': async () => {
      const user = await someone('agent')
      const token = await issueToken(api.db, user.id, 'reset', now)
      const passwords = { password: newPassword, confirmPassword: newPassword }
      return { path: '/user/reset', body: { email: user.email, token, ...passwords } }
    },
    'POST /user/password': async () => {
      const user = await someone('agent', { invited: true })
      const token = await issueToken(api.db, user.id, 'setup', now)
      const body = { token, password: newPassword, confirmPassword: newPassword }
      return { path: '/user/password', body }
    },
    'GET /me': () => ({ path: '/me' }),
    'POST /user/change-password': () => ({
      path: '/user/change-password',
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    }),
    'GET /store/search': () => ({ path: '/store/search?query=Trafika' }),
    'GET /store/:id': async () => ({ path: `/store/${(await createStore(api)).id}` }),
    'GET /packages/search': () => ({ path: '/packages/search?type=HTS' }),
    'GET /internal-products/search': () => ({
      path: '/internal-products/search?type=Stick',
    }),
    'POST /free-guided/form': async (cell) => {
      const own = cell.variant === 'own' ? cell.caller?.store : null
      const named = own ?? (await createStore(api))
      return {
        path: '/free-guided/form',
        body: { store_id: named.id, comment: 'Proba iz matrice.' },
        observe: async ({ body }) => {
          const { id } = expectShape(dataEnvelope(trialCreatedSchema), body).data
          const [row] = await api.db.select().from(trials).where(eq(trials.id, id))
          if (row?.storeId === named.id) return allowed
          if (row?.storeId === cell.caller?.store?.id) return filedAtOwnStore
          return `filed at store ${row?.storeId}`
        },
      }
    },
    'GET /questionnaire/search': async (cell) => {
      const trial = await trialOf(cell)
      return {
        path: `/questionnaire/search?user=${trial.author.id}`,
        observe: ({ body }) => {
          const { rows } = expectShape(dataEnvelope(trialListSchema), body).data
          return Promise.resolve(rows.some((row) => row.id === trial.id) ? allowed : hidden)
        },
      }
    },
    'GET /questionnaire/:id': async (cell) => ({
      path: `/questionnaire/${(await trialOf(cell)).id}`,
      notFoundIsHidden: true,
    }),
    'GET /voucher/search': async () => ({
      path: `/voucher/search?code=${(await createVoucher(api)).code}`,
    }),
    'GET /voucher/code-log/:id': async () => ({
      path: `/voucher/code-log/${(await createVoucher(api)).id}`,
    }),
    'GET /voucher/:id': async () => ({ path: `/voucher/${(await createVoucher(api)).id}` }),
    'POST /voucher/submit': async () => {
      const [voucher, customer, store] = await Promise.all([
        createVoucher(api),
        createCustomer(api),
        createStore(api),
      ])
      return {
        path: '/voucher/submit',
        body: { code: voucher.code, customerId: customer.id, storeId: store.id },
      }
    },
    'GET /customer/search': () => ({ path: '/customer/search?query=Kupac' }),
    'POST /customer/form': async () => ({
      path: '/customer/form',
      body: { customerId: (await createCustomer(api)).id, reason: 'info', comment: 'Pitao.' },
    }),
    'GET /customer/:id/trials': async () => ({
      path: `/customer/${(await createCustomer(api)).id}/trials`,
    }),
    'GET /customer/:id': async () => ({ path: `/customer/${(await createCustomer(api)).id}` }),
    'POST /user/check-in': async () => ({
      path: '/user/check-in',
      body: { storeId: (await createStore(api)).id },
    }),
    'POST /user/check-in/update': async () => ({
      path: '/user/check-in/update',
      body: { storeId: (await createStore(api)).id },
    }),
    'POST /user/check-out': () => ({ path: '/user/check-out', body: {} }),
    'GET /user/search': () => ({ path: '/user/search?query=Matrix' }),
    'POST /user/managers': () => ({ path: '/user/managers', body: { email: '', page: 0 } }),
    'POST /user/create': (cell) => ({
      path: '/user/create',
      body: newUser(cell.variant === "a super user's" ? 'super' : 'agent'),
    }),
    'POST /user/update': async (cell) => {
      const target = await someone(cell.variant === "a super user's" ? 'super' : 'agent')
      const form = { ...newUser(target.role), email: target.email }
      return { path: '/user/update', body: { id: target.id, ...form } }
    },
    'POST /user/delete': async (cell) => {
      const target =
        cell.variant === 'own'
          ? await ownerOf(cell)
          : await someone(cell.variant === "a super user's" ? 'super' : 'agent')
      return { path: '/user/delete', body: { id: target.id } }
    },
    'GET /user/:id': async () => ({ path: `/user/${(await someone('agent')).id}` }),
    'GET /store/log': () => ({ path: '/store/log' }),
    'POST /store/create': () => ({
      path: '/store/create',
      body: { ...storeForm(), country: 'RS' },
    }),
    'POST /store/update': async () => ({
      path: '/store/update',
      body: { id: (await createStore(api)).id, ...storeForm(), country: 'ME' },
    }),
    'POST /store/delete': async () => ({
      path: '/store/delete',
      body: { id: (await createStore(api)).id },
    }),
    'POST /report/generate': () => ({
      path: '/report/generate',
      body: { type: 'trials', format: 'csv', startAt: '2026-01-01', endAt: '2026-01-31' },
    }),
    'GET /report/dashboard': () => ({ path: '/report/dashboard' }),
  }

  /** Calls over HTTP; a body is read as JSON only when it is (a report is a file). */
  async function send(endpoint: Endpoint, call: Call, caller: Caller | null): Promise<Answer> {
    const [method] = endpoint.split(' ')
    const headers: Record<string, string> = { [appHeader]: appId, [languageHeader]: 'en' }
    if (caller) headers.Authorization = `Bearer ${caller.token}`
    if (call.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(`${api.url}${apiBasePath}${call.path}`, {
      method,
      headers,
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    })
    const text = await response.text()
    const json = response.headers.get('Content-Type')?.startsWith('application/json')
    const body: unknown = json && text ? JSON.parse(text) : text
    return { status: response.status, body }
  }

  async function observed(call: Call, response: Answer): Promise<string> {
    if (response.status >= 200 && response.status < 300) {
      return call.observe ? call.observe(response) : allowed
    }
    if (response.status === 404 && call.notFoundIsHidden) return hidden
    const error = v.safeParse(errorEnvelopeSchema, response.body)
    return `${response.status} ${error.success ? error.output.message : String(response.body)}`
  }

  const checked: string[] = []
  const deviations: string[] = []

  it('has one entry for every API route of the app, and no other', () => {
    const app = createApp({
      db: api.db,
      mailer: { send: () => Promise.resolve(), close: () => {} },
      clock: now,
      config: api.config,
      tasks: api.tasks,
      logger: silentLogger(),
      metrics: createMetrics(),
    })
    const routes = new Set(
      app.routes
        .filter((route) => route.method !== 'ALL' && route.path.startsWith(`${apiBasePath}/`))
        .map((route) => `${route.method} ${route.path.slice(apiBasePath.length)}`),
    )
    expect([...routes].sort()).toEqual([...endpoints].sort())
  })

  for (const endpoint of endpoints) {
    const cells = cellsOf(endpoint)
    it(`${endpoint}: ${cells.length} cells as the table says`, async () => {
      const found: string[] = []
      for (const { principal, variant } of cells) {
        const caller = await callerOf(principal)
        const call = await cases[endpoint]({ principal, variant, caller })
        const got = await observed(call, await send(endpoint, call, caller))
        const want = expected(endpoint, principal, variant)
        const cell = `${endpoint} by ${principal}${variant ? ` on ${variant} object` : ''}`
        checked.push(cell)
        if (got !== want) found.push(`${cell}: expected ${want}, got ${got}`)
      }
      deviations.push(...found)
      expect(found).toEqual([])
    })
  }

  it(`checks ${endpoints.length} endpoints in ${totalCells} cells with 0 deviations`, () => {
    console.info(
      `authorization matrix on ${database.name}: ${endpoints.length} endpoints, ` +
        `${checked.length} cells checked, ${deviations.length} deviations`,
    )
    expect(checked).toHaveLength(totalCells)
    expect(deviations).toEqual([])
  })
})
