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
import { fillPath, routeOf, type Endpoint } from '../../src/contract/endpoint.ts'
import { endpointTable, type EndpointName } from '../../src/contract/endpoints/all.ts'
import {
  devicesMayCall,
  isPublic,
  mayCall,
  objectRefusals,
  ruleBinds,
  type ObjectRule,
} from '../../src/contract/policy.ts'
import type { Role } from '../../src/contract/roles.ts'
import { decisionListSchema } from '../../src/contract/trial-decisions.ts'
import { trialCreatedSchema, trialListSchema } from '../../src/contract/trial.ts'
import { createApp } from '../../server/app.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { issueDeviceCredential } from '../../server/auth/device-credentials.ts'
import { issueAction } from '../../server/routes/devices/actions.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { trials } from '../../server/db/schema/trials.ts'
import { translate } from '../../server/i18n.ts'
import { createCustomer, createVoucher } from './support/customer-fixtures.ts'
import { pictureForm, pngOf } from './support/pictures.ts'
import {
  createStore,
  goodPassword,
  openSession,
  signedInCaller,
  uniqueWord,
  userOfRole,
  type Caller,
  type TestStore,
} from './support/fixtures.ts'
import { createEdition } from './support/content-fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import {
  createPack,
  createProduct,
  createQuarantined,
  createTrial,
} from './support/trial-fixtures.ts'

/**
 * The authorization matrix (docs/quality.md), generated from the endpoint table's policies
 * (src/contract/endpoints/, docs/behaviour.md#roles-and-access): every endpoint, called with a valid
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
  'device',
] as const
type Principal = (typeof principals)[number]

/**
 * The role whose rules apply to a principal's call; a device credential's calls are its user's,
 * an agent's here.
 */
function roleOf(principal: Principal): Role | null {
  if (principal === 'anonymous') return null
  if (principal === 'device') return 'agent'
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
  const rules = endpoint.policy.object ?? []
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

const totalCells = endpointTable.reduce((total, { entry }) => total + cellsOf(entry).length, 0)

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
  const { policy } = endpoint
  if (isPublic(policy)) return allowed
  const role = roleOf(principal)
  if (role === null) return `401 ${invalidToken}`
  const refused = answer(403, policy.refusal ?? messages.forbidden.id)
  if (principal === 'device' ? !devicesMayCall(policy) : !mayCall(policy, role)) return refused
  const withoutStore = principal === 'manager without store'
  if (policy.store && withoutStore) return answer(403, messages.notAssignedToStore.id)
  const binds = (rule: ObjectRule) => ruleBinds(policy, rule, role)
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

/** A caller with a device credential sends it as `Authorization: Device <credential>`. */
type MatrixCaller = Caller & { scheme?: 'Device' }
type Cell = { principal: Principal; variant: Variant | null; caller: MatrixCaller | null }
type Answer = { status: number; body: unknown }

/** A valid request of a cell; `observe` tells what a success did to the object. */
type Call = {
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  body?: unknown
  /** A multipart body instead (an upload). */
  form?: FormData
  /** A 404 is the `ownTrial` rule hiding another's object. */
  notFoundIsHidden?: true
  observe?: (answer: Answer) => Promise<string>
}

const newPassword = 'Nova!Lozinka9'

describe.each(databases)('authorization matrix on $name', (database) => {
  const api = useApi(database)

  const someone = (role: Role, options: { store?: TestStore; invited?: boolean } = {}) =>
    userOfRole(api, role, { ...options, label: 'Matrix' })

  /** A fresh signed-in user for each cell, so that no cell's changes reach another. */
  async function callerOf(principal: Principal): Promise<MatrixCaller | null> {
    const role = roleOf(principal)
    if (role === null) return null
    if (principal === 'device') {
      const user = await signedInCaller(api, role, null, 'Matrix')
      const credential = await newDevice(user.id)
      return { ...user, token: credential.credential, scheme: 'Device' }
    }
    const store = principal === 'manager' ? await createStore(api) : null
    return signedInCaller(api, role, store, 'Matrix')
  }

  const now = () => api.clock.now()

  async function newDevice(userId: number) {
    const deviceId = crypto.randomUUID()
    const credential = await issueDeviceCredential(api.db, { deviceId, userId, now: now() })
    return { deviceId, credential }
  }

  /** A pack and a device of their own, for the catalogue's management. */
  const newPack = () =>
    createPack(api, { type: 'HTS', brandFamily: uniqueWord('Family'), brandName: uniqueWord() })
  const newCatalogueDevice = () => createProduct(api, { type: 'Device', name: uniqueWord() })

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

  async function quarantined() {
    const author = await someone('agent')
    const store = await createStore(api)
    return createQuarantined(api, { userId: author.id, storeId: store.id, receivedAt: now() })
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
  const cases: Record<EndpointName, (cell: Cell) => Call | Promise<Call>> = {
    health: () => ({}),
    liveness: () => ({}),
    readiness: () => ({}),
    login: async () => {
      const user = await someone('agent')
      return { body: { email: user.email, password: goodPassword } }
    },
    forgotPassword: async () => {
      const user = await someone('agent')
      return { body: { email: user.email } }
    },
    resetPassword: async () => {
      const user = await someone('agent')
      const token = await issueToken(api.db, user.id, 'reset', now)
      const passwords = { password: newPassword, confirmPassword: newPassword }
      return { body: { email: user.email, token, ...passwords } }
    },
    setupPassword: async () => {
      const user = await someone('agent', { invited: true })
      const token = await issueToken(api.db, user.id, 'setup', now)
      const body = { token, password: newPassword, confirmPassword: newPassword }
      return { body }
    },
    me: () => ({}),
    changePassword: () => ({
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    }),
    storeSearch: () => ({ query: { query: 'Trafika' } }),
    storeById: async () => ({ params: { id: (await createStore(api)).id } }),
    packSearch: () => ({ query: { type: 'HTS' } }),
    productSearch: () => ({
      query: { type: 'Stick' },
    }),
    trialSubmit: async (cell) => {
      const own = cell.variant === 'own' ? cell.caller?.store : null
      const named = own ?? (await createStore(api))
      return {
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
    trialSealKey: () => ({}),
    trialSearch: async (cell) => {
      const trial = await trialOf(cell)
      return {
        query: { user: trial.author.id },
        observe: ({ body }) => {
          const { rows } = expectShape(dataEnvelope(trialListSchema), body).data
          return Promise.resolve(rows.some((row) => row.id === trial.id) ? allowed : hidden)
        },
      }
    },
    trialById: async (cell) => ({
      params: { id: (await trialOf(cell)).id },
      notFoundIsHidden: true,
    }),
    // One's own trials only, whoever asks: another's is left out (tests/api/trial-review.test.ts).
    trialDecisions: async (cell) => {
      const author = await ownerOf(cell)
      const store = await createStore(api)
      const trial = {
        id: await createTrial(api, { userId: author.id, storeId: store.id, createdAt: now() }),
      }
      return {
        query: { ids: String(trial.id) },
        observe: ({ body }) => {
          const decisions = expectShape(dataEnvelope(decisionListSchema), body).data
          return Promise.resolve(decisions.some((one) => one.id === trial.id) ? allowed : hidden)
        },
      }
    },
    trialReview: async (cell) => ({
      body: { id: (await trialOf(cell)).id, revision: 1, state: 'accepted' },
    }),
    trialCorrect: async (cell) => ({
      body: {
        id: (await trialOf(cell)).id,
        revision: 1,
        changes: { comment: 'Korigovano' },
        reason: 'typo',
      },
    }),
    deviceQuarantine: () => ({
      body: {
        key: crypto.randomUUID(),
        body: { store_id: 2_000_000_000, comment: 'Proba iz matrice.' },
        code: messages.storeNotFound.id,
      },
    }),
    contentCurrent: () => ({}),
    contentSearch: () => ({}),
    // Edition 1, published: one not yet published is found by the administration only.
    contentById: () => ({ params: { id: 1 } }),
    contentCreate: () => ({ body: {} }),
    contentUpdate: async () => ({ body: await createEdition(api) }),
    contentPublish: async () => ({
      body: { id: (await createEdition(api)).id, at: '2100-01-01T00:00:00.000Z' },
    }),
    contentCancel: async () => ({ body: { id: (await createEdition(api, 'scheduled')).id } }),
    contentDelete: async () => ({ body: { id: (await createEdition(api)).id } }),
    quarantineOutcomes: () => ({ query: { keys: crypto.randomUUID() } }),
    quarantineSearch: () => ({}),
    quarantinedById: async () => ({ params: { id: await quarantined() } }),
    quarantineAccept: async () => ({
      body: { id: await quarantined(), changes: {}, reason: 'typo' },
    }),
    quarantineReject: async () => ({ body: { id: await quarantined(), reason: 'test' } }),
    voucherSearch: async () => ({
      query: { code: (await createVoucher(api)).code },
    }),
    voucherCodeLog: async () => ({
      params: { id: (await createVoucher(api)).id },
    }),
    voucherById: async () => ({ params: { id: (await createVoucher(api)).id } }),
    voucherRedeem: async () => {
      const [voucher, customer, store] = await Promise.all([
        createVoucher(api),
        createCustomer(api),
        createStore(api),
      ])
      return {
        body: { code: voucher.code, customerId: customer.id, storeId: store.id },
      }
    },
    customerSearch: () => ({ query: { query: 'Kupac' } }),
    visitNoteCreate: async () => ({
      body: { customerId: (await createCustomer(api)).id, reason: 'info', comment: 'Pitao.' },
    }),
    customerTrials: async () => ({
      params: { id: (await createCustomer(api)).id },
    }),
    customerById: async () => ({ params: { id: (await createCustomer(api)).id } }),
    customerExport: async () => ({ params: { id: (await createCustomer(api)).id } }),
    customerExportPage: async () => ({ params: { id: (await createCustomer(api)).id } }),
    trialContactExport: () => ({ query: { email: 'nobody@example.com' } }),
    customerErase: async () => ({
      body: { id: (await createCustomer(api)).id, reason: 'request' },
    }),
    checkIn: async () => ({
      body: { storeId: (await createStore(api)).id },
    }),
    checkInUpdate: async () => ({
      body: { storeId: (await createStore(api)).id },
    }),
    checkOut: () => ({ body: {} }),
    userSearch: () => ({ query: { query: 'Matrix' } }),
    managerSearch: () => ({ body: { email: '', page: 0 } }),
    userCreate: (cell) => ({
      body: newUser(cell.variant === "a super user's" ? 'super' : 'agent'),
    }),
    userUpdate: async (cell) => {
      const target = await someone(cell.variant === "a super user's" ? 'super' : 'agent')
      const form = { ...newUser(target.role), email: target.email }
      return { body: { id: target.id, ...form } }
    },
    userDelete: async (cell) => {
      const target =
        cell.variant === 'own'
          ? await ownerOf(cell)
          : await someone(cell.variant === "a super user's" ? 'super' : 'agent')
      return { body: { id: target.id } }
    },
    userById: async () => ({ params: { id: (await someone('agent')).id } }),
    userSessions: async (cell) => ({
      params: { id: (await someone(cell.variant === "a super user's" ? 'super' : 'agent')).id },
    }),
    userDevices: async (cell) => ({
      params: { id: (await someone(cell.variant === "a super user's" ? 'super' : 'agent')).id },
    }),
    sessionRevoke: async (cell) => {
      const owner = await someone(cell.variant === "a super user's" ? 'super' : 'agent')
      return { body: { id: (await openSession(api, owner.id)).id } }
    },
    logout: () => ({}),
    auditSearch: () => ({ query: { query: 'Matrix' } }),
    auditVerify: () => ({}),
    storeLog: () => ({}),
    storeCreate: () => ({
      body: { ...storeForm(), country: 'RS' },
    }),
    storeUpdate: async () => ({
      body: { id: (await createStore(api)).id, ...storeForm(), country: 'ME' },
    }),
    storeDelete: async () => ({
      body: { id: (await createStore(api)).id },
    }),
    reportGenerate: () => ({
      body: { type: 'trials', format: 'csv', startAt: '2026-01-01', endAt: '2026-01-31' },
    }),
    dashboard: () => ({}),
    packImage: () => ({ params: { file: 'aurum-gold.svg' } }),
    packImageUpload: () => ({ form: pictureForm(pngOf(12, 16)) }),
    packCreate: () => ({
      body: { type: 'RMC', brandFamily: 'Matrix', brandName: uniqueWord('Pack'), image: null },
    }),
    packUpdate: async () => {
      const pack = await newPack()
      return { body: { ...pack, brandName: uniqueWord('Pack'), image: null } }
    },
    packRetire: async () => ({ body: { id: (await newPack()).id } }),
    productCreate: () => ({ body: { type: 'Device', name: uniqueWord('Device') } }),
    productUpdate: async () => {
      const device = await newCatalogueDevice()
      return { body: { id: device.id, type: 'Device', name: uniqueWord('Device') } }
    },
    productRetire: async () => ({ body: { id: (await newCatalogueDevice()).id } }),
    openApiDocument: () => ({}),
    deviceHeartbeat: () => ({
      body: {
        appVersion: '1.0.0+matrix',
        waiting: 1,
        needsLogin: 0,
        failed: 0,
        oldestWaitingAt: now().toISOString(),
        lastSentAt: null,
        storage: { usage: 1000, quota: 100_000, persisted: true },
        images: { cached: 3, total: 4 },
      },
    }),
    deviceSearch: () => ({ query: { attention: 'true' } }),
    deviceSummary: () => ({}),
    backupLatest: () => ({}),
    deviceRevoke: async () => {
      const owner = await someone('agent')
      return { body: { id: (await newDevice(owner.id)).deviceId } }
    },
    deviceFleet: () => ({}),
    deviceAction: async () => {
      const owner = await someone('agent')
      return { body: { deviceId: (await newDevice(owner.id)).deviceId, action: 'refresh' } }
    },
    deviceActionCancel: async () => {
      const owner = await someone('agent')
      const { deviceId } = await newDevice(owner.id)
      const admin = await someone('admin')
      const body = { deviceId, action: 'refresh' } as const
      const issued = await issueAction(api.db, { body, issuedBy: admin.id, now: now() })
      if (issued.kind !== 'issued') throw new Error(`no action issued: ${issued.kind}`)
      return { body: { id: issued.id } }
    },
  }

  /** Calls over HTTP; a body is read as JSON only when it is (a report is a file). */
  async function send(
    endpoint: Endpoint,
    call: Call,
    caller: MatrixCaller | null,
  ): Promise<Answer> {
    const { method } = endpoint
    const url = new URL(
      (endpoint.root ? '' : apiBasePath) + fillPath(endpoint.path, call.params ?? {}),
      api.url,
    )
    for (const [name, value] of Object.entries(call.query ?? {})) {
      url.searchParams.set(name, String(value))
    }
    const headers: Record<string, string> = { [appHeader]: appId, [languageHeader]: 'en' }
    if (caller) headers.Authorization = `${caller.scheme ?? 'Bearer'} ${caller.token}`
    if (call.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(url, {
      method,
      headers,
      body: call.form ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
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
    const apiEndpoints = endpointTable.filter(({ entry }) => !entry.root)
    expect([...routes].sort()).toEqual(apiEndpoints.map(({ entry }) => routeOf(entry)).sort())
  })

  const isCase = (name: string): name is EndpointName => name in cases

  for (const { name, entry: endpoint } of endpointTable) {
    const cells = cellsOf(endpoint)
    const route = routeOf(endpoint)
    it(`${route}: ${cells.length} cells as the table says`, async () => {
      if (!isCase(name)) throw new Error(`no valid request of ${name}`)
      const found: string[] = []
      for (const { principal, variant } of cells) {
        const caller = await callerOf(principal)
        const call = await cases[name]({ principal, variant, caller })
        const got = await observed(call, await send(endpoint, call, caller))
        const want = expected(endpoint, principal, variant)
        const cell = `${route} by ${principal}${variant ? ` on ${variant} object` : ''}`
        checked.push(cell)
        if (got !== want) found.push(`${cell}: expected ${want}, got ${got}`)
      }
      deviations.push(...found)
      expect(found).toEqual([])
    })
  }

  it(`checks ${endpointTable.length} endpoints in ${totalCells} cells with 0 deviations`, () => {
    console.info(
      `authorization matrix on ${database.name}: ${endpointTable.length} endpoints, ` +
        `${checked.length} cells checked, ${deviations.length} deviations`,
    )
    expect(checked).toHaveLength(totalCells)
    expect(deviations).toEqual([])
  })
})
