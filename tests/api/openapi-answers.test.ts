import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { fillPath, type Endpoint } from '../../src/contract/endpoint.ts'
import { endpointTable, type EndpointName } from '../../src/contract/endpoints/all.ts'
import * as health from '../../src/contract/endpoints/health.ts'
import * as stores from '../../src/contract/endpoints/stores.ts'
import {
  apiBasePath,
  appHeader,
  appId,
  idempotencyHeader,
  languageHeader,
  maxId,
} from '../../src/contract/http.ts'
import { devicesMayCall, isPublic, mayCall } from '../../src/contract/policy.ts'
import { roles, type Role } from '../../src/contract/roles.ts'
import { makeCheckpoint } from '../../server/audit/checkpoint.ts'
import { createApp } from '../../server/app.ts'
import { sessionLifetime, signToken } from '../../server/auth/jwt.ts'
import { silentLogger } from '../../server/log.ts'
import { createMetrics } from '../../server/metrics.ts'
import { createReadiness } from '../../server/readiness.ts'
import { issueDeviceCredential } from '../../server/auth/device-credentials.ts'
import { issueAction } from '../../server/routes/devices/actions.ts'
import { issueToken } from '../../server/auth/tokens.ts'
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
import { databases, useApi } from './support/harness.ts'
import { createAnswerChecker, type LiveAnswer } from './support/openapi-validation.ts'
import { guidedAnswers } from '../support/trial-body.ts'
import {
  createPack,
  createProduct,
  createQuarantined,
  createTrial,
} from './support/trial-fixtures.ts'

/**
 * Live answers of every endpoint match the OpenAPI document (server/openapi/): for each entry of
 * the table, a successful call and one call per error kind it can be brought to (invalid input,
 * no token, an expired one, a role it refuses, not found, no X-APP, a bad Idempotency-Key, a
 * replay), each answer checked against the document's response for its status with Ajv.
 */

type Call = {
  params?: Record<string, string | number>
  query?: Record<string, string | number>
  body?: unknown
  /** A multipart body instead (an upload), made anew for each request. */
  form?: () => FormData
  headers?: Record<string, string>
}
type Kind =
  | 'success'
  | 'invalid input'
  | 'no token'
  | 'expired token'
  | 'wrong role'
  | 'no store'
  | 'not found'
  | 'no X-APP'
  | 'bad Idempotency-Key'
  | 'replay'

const { check } = createAnswerChecker()
const newPassword = 'Nova!Lozinka9'
const tooLong = 'x'.repeat(300)

/** The error kinds an entry's rules say it can be brought to (and this test brings it to). */
function kindsOf(name: EndpointName, entry: Endpoint): Kind[] {
  const kinds: Kind[] = ['success']
  if ((entry.query || entry.body || entry.upload) && !alwaysReadable.has(name)) {
    kinds.push('invalid input')
  }
  if (!isPublic(entry.policy)) {
    kinds.push('no token', 'expired token')
    if (roles.some((role) => !mayCall(entry.policy, role))) kinds.push('wrong role')
    if (entry.policy.store) kinds.push('no store')
  }
  if (entry.errors?.[404]) kinds.push('not found')
  if (!entry.root && !entry.withoutAppHeader) kinds.push('no X-APP')
  if (entry.idempotent) kinds.push('bad Idempotency-Key', 'replay')
  return kinds
}

/** Entries whose input every request satisfies: `page` falls back to 1, whatever it is. */
const alwaysReadable = new Set<EndpointName>(['customerTrials', 'contentSearch'])

const fields = (body: unknown): Record<string, unknown> =>
  typeof body === 'object' && body !== null ? { ...body } : {}

/** A valid request with every value wrong: an array in the body, too long in the query. */
function wronglyFilled(call: Call): Call {
  const query =
    call.query && Object.fromEntries(Object.keys(call.query).map((key) => [key, tooLong]))
  const body = Object.fromEntries(Object.keys(fields(call.body)).map((key) => [key, []]))
  return { ...call, ...(query ? { query } : {}), ...(call.body === undefined ? {} : { body }) }
}

describe.each(databases)('live answers match the OpenAPI document on $name', (database) => {
  const api = useApi(database)
  const now = () => api.clock.now()

  const someone = (role: Role, options: { store?: TestStore; invited?: boolean } = {}) =>
    userOfRole(api, role, { ...options, label: 'Document' })

  async function callerOf(role: Role, withStore: boolean): Promise<Caller> {
    return signedInCaller(api, role, withStore ? await createStore(api) : null, 'Document')
  }

  /** A device's caller: its token is the whole `Authorization` value, `Device <credential>`. */
  async function deviceCaller(): Promise<Caller> {
    const user = await callerOf('agent', false)
    const deviceId = randomUUID()
    const credential = await issueDeviceCredential(api.db, {
      deviceId,
      userId: user.id,
      now: now(),
    })
    return { ...user, token: `Device ${credential}` }
  }

  async function newDevice(): Promise<string> {
    const owner = await someone('agent')
    const deviceId = randomUUID()
    await issueDeviceCredential(api.db, { deviceId, userId: owner.id, now: now() })
    return deviceId
  }

  /** A pack and a device of their own, for the catalogue's management. */
  const newPack = () =>
    createPack(api, { type: 'HTS', brandFamily: uniqueWord('Family'), brandName: uniqueWord() })
  const newCatalogueDevice = () => createProduct(api, { type: 'Device', name: uniqueWord() })

  async function quarantined() {
    const store = await createStore(api)
    const { id: userId } = await someone('agent')
    return createQuarantined(api, { userId, storeId: store.id, receivedAt: now() })
  }

  /** A valid request of each entry: a missing entry is a type error. */
  const cases: Record<EndpointName, (caller: Caller | null) => Call | Promise<Call>> = {
    health: () => ({}),
    liveness: () => ({}),
    readiness: () => ({}),
    login: async () => ({
      body: { email: (await someone('agent')).email, password: goodPassword },
    }),
    forgotPassword: async () => ({ body: { email: (await someone('agent')).email } }),
    resetPassword: async () => {
      const user = await someone('agent')
      const token = await issueToken(api.db, user.id, 'reset', now)
      return {
        body: { email: user.email, token, password: newPassword, confirmPassword: newPassword },
      }
    },
    setupPassword: async () => {
      const user = await someone('agent', { invited: true })
      const token = await issueToken(api.db, user.id, 'setup', now)
      return { body: { token, password: newPassword, confirmPassword: newPassword } }
    },
    me: () => ({}),
    changePassword: () => ({
      body: { currentPassword: goodPassword, password: newPassword, confirmPassword: newPassword },
    }),
    checkIn: async () => ({ body: { storeId: (await createStore(api)).id } }),
    checkInUpdate: async () => ({ body: { storeId: (await createStore(api)).id } }),
    checkOut: () => ({ body: {} }),
    userSearch: () => ({ query: { query: 'Document' } }),
    managerSearch: () => ({ body: { email: '', page: 0 } }),
    userCreate: () => ({
      body: {
        fullname: `Document ${uniqueWord()}`,
        email: `${uniqueWord('new')}@example.rs`,
        phone: '+381641234',
        role: 'agent',
      },
    }),
    userUpdate: async () => {
      const target = await someone('agent')
      const form = {
        fullname: 'Document Agent',
        email: target.email,
        phone: '+381641234',
        role: 'agent',
      }
      return { body: { id: target.id, ...form } }
    },
    userDelete: async () => ({ body: { id: (await someone('agent')).id } }),
    userById: async () => ({ params: { id: (await someone('agent')).id } }),
    userSessions: async () => ({ params: { id: (await someone('agent')).id } }),
    userDevices: async () => ({ params: { id: (await someone('agent')).id } }),
    sessionRevoke: async () => ({
      body: { id: (await openSession(api, (await someone('agent')).id)).id },
    }),
    logout: () => ({}),
    auditSearch: () => ({ query: { query: 'Document', action: 'auth.signIn' } }),
    auditVerify: () => ({
      query: {
        checkpoint: makeCheckpoint(api.config.auditKey, { position: 0, hmac: '', at: new Date() }),
      },
    }),
    storeSearch: () => ({ query: { query: 'Trafika' } }),
    storeLog: () => ({}),
    storeById: async () => ({ params: { id: (await createStore(api)).id } }),
    storeCreate: () => ({
      body: {
        name: `Trafika ${uniqueWord()}`,
        address: 'Njegoševa 7',
        city: 'Beograd',
        country: 'RS',
      },
    }),
    storeUpdate: async () => ({
      body: {
        id: (await createStore(api)).id,
        name: `Trafika ${uniqueWord()}`,
        address: 'Njegoševa 7',
        city: 'Nikšić',
        country: 'ME',
      },
    }),
    storeDelete: async () => ({ body: { id: (await createStore(api)).id } }),
    reportGenerate: () => ({
      body: { type: 'trials', format: 'csv', startAt: '2026-01-01', endAt: '2026-01-31' },
    }),
    dashboard: () => ({}),
    packSearch: () => ({ query: { type: 'HTS' } }),
    productSearch: () => ({ query: { type: 'Stick' } }),
    packImage: () => ({ params: { file: 'aurum-gold.svg' } }),
    packImageUpload: () => ({ form: () => pictureForm(pngOf(12, 16)) }),
    packCreate: () => ({
      body: { type: 'RMC', brandFamily: 'Document', brandName: uniqueWord('Pack'), image: null },
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
    trialSubmit: async () => ({
      body: { store_id: (await createStore(api)).id, comment: guidedAnswers() },
    }),
    trialSearch: () => ({ query: { page: 1 } }),
    trialDecisions: () => ({ query: { ids: '1,2' } }),
    trialReview: async () => {
      const store = await createStore(api)
      const { id: userId } = await someone('agent')
      const id = await createTrial(api, { userId, storeId: store.id, createdAt: now() })
      return { body: { id, revision: 1, state: 'rejected', reason: 'test' } }
    },
    trialCorrect: async () => {
      const store = await createStore(api)
      const { id: userId } = await someone('agent')
      const id = await createTrial(api, { userId, storeId: store.id, createdAt: now() })
      return {
        body: { id, revision: 1, changes: { comment: 'Korigovano' }, reason: 'typo' },
      }
    },
    trialSealKey: () => ({}),
    deviceQuarantine: () => ({
      body: {
        key: randomUUID(),
        body: { store_id: maxId, comment: 'Proba.' },
        code: 'store.notFound',
      },
    }),
    contentCurrent: () => ({}),
    contentSearch: () => ({}),
    contentById: async () => ({ params: { id: (await createEdition(api)).id } }),
    contentCreate: () => ({ body: {} }),
    contentUpdate: async () => ({ body: await createEdition(api) }),
    contentPublish: async () => ({
      body: { id: (await createEdition(api)).id, at: '2100-01-01T00:00:00.000Z' },
    }),
    contentCancel: async () => ({ body: { id: (await createEdition(api, 'scheduled')).id } }),
    contentDelete: async () => ({ body: { id: (await createEdition(api)).id } }),
    quarantineOutcomes: () => ({ query: { keys: randomUUID() } }),
    quarantineSearch: () => ({}),
    quarantinedById: async () => ({ params: { id: await quarantined() } }),
    quarantineAccept: async () => ({
      body: { id: await quarantined(), changes: {}, reason: 'typo' },
    }),
    quarantineReject: async () => ({ body: { id: await quarantined(), reason: 'test' } }),
    trialById: async (caller) => {
      const store = await createStore(api)
      const userId = caller?.id ?? (await someone('agent')).id
      return {
        params: { id: await createTrial(api, { userId, storeId: store.id, createdAt: now() }) },
      }
    },
    voucherSearch: async () => ({ query: { code: (await createVoucher(api)).code } }),
    voucherCodeLog: async () => ({ params: { id: (await createVoucher(api)).id } }),
    voucherById: async () => ({ params: { id: (await createVoucher(api)).id } }),
    voucherRedeem: async () => {
      const [voucher, customer, store] = await Promise.all([
        createVoucher(api),
        createCustomer(api),
        createStore(api),
      ])
      return { body: { code: voucher.code, customerId: customer.id, storeId: store.id } }
    },
    customerSearch: () => ({ query: { query: 'Kupac' } }),
    visitNoteCreate: async () => ({
      body: { customerId: (await createCustomer(api)).id, reason: 'info', comment: 'Pitao.' },
    }),
    customerTrials: async () => ({ params: { id: (await createCustomer(api)).id } }),
    customerById: async () => ({ params: { id: (await createCustomer(api)).id } }),
    customerExport: async () => ({ params: { id: (await createCustomer(api)).id } }),
    customerExportPage: async () => ({ params: { id: (await createCustomer(api)).id } }),
    trialContactExport: () => ({ query: { email: 'nobody@example.com' } }),
    customerErase: async () => ({
      body: { id: (await createCustomer(api)).id, reason: 'request' },
    }),
    openApiDocument: () => ({}),
    deviceHeartbeat: () => ({
      body: {
        appVersion: '1.0.0+document',
        waiting: 0,
        needsLogin: 0,
        failed: 0,
        oldestWaitingAt: null,
        lastSentAt: now().toISOString(),
        storage: { usage: null, quota: null, persisted: null },
        images: { cached: 0, total: 0 },
      },
    }),
    deviceSearch: () => ({ query: { query: '', attention: 'false' } }),
    deviceSummary: () => ({}),
    backupLatest: () => ({}),
    deviceRevoke: async () => ({ body: { id: await newDevice() } }),
    deviceFleet: () => ({}),
    deviceAction: async () => ({
      body: { deviceId: await newDevice(), action: 'message', text: 'Please come to the office.' },
    }),
    deviceActionCancel: async () => {
      const body = { deviceId: await newDevice(), action: 'update' } as const
      const admin = await someone('admin')
      const issued = await issueAction(api.db, { body, issuedBy: admin.id, now: now() })
      if (issued.kind !== 'issued') throw new Error(`no action issued: ${issued.kind}`)
      return { body: { id: issued.id } }
    },
  }

  /** Requests with input every request of the table would satisfy otherwise. */
  const invalidInput: Partial<Record<EndpointName, Call>> = {
    checkOut: { body: { storeId: 'x' } },
    trialSearch: { query: { user: 'me' } },
    quarantineSearch: { query: { state: 'pending' } },
    contentCreate: { body: { from: 'edition 1' } },
    storeLog: { query: { startAt: 'yesterday' } },
    dashboard: { query: { startAt: '2026-02-30' } },
    // A text file named as a picture: refused by its content.
    packImageUpload: { form: () => pictureForm(new TextEncoder().encode('not a picture')) },
  }

  /** Not found: an id that parses but names nothing, in the path or the body. */
  const notFound: Partial<Record<EndpointName, (valid: Call) => Call>> = {
    checkIn: () => ({ body: { storeId: maxId } }),
    checkInUpdate: () => ({ body: { storeId: maxId } }),
    userUpdate: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    userDelete: () => ({ body: { id: maxId } }),
    sessionRevoke: () => ({ body: { id: randomUUID() } }),
    storeUpdate: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    storeDelete: () => ({ body: { id: maxId } }),
    trialSubmit: ({ body }) => ({ body: { ...fields(body), store_id: maxId } }),
    voucherSearch: () => ({ query: { code: 'NO-SUCH-CODE' } }),
    voucherRedeem: ({ body }) => ({ body: { ...fields(body), code: 'NO-SUCH-CODE' } }),
    deviceRevoke: () => ({ body: { id: randomUUID() } }),
    deviceAction: ({ body }) => ({ body: { ...fields(body), deviceId: randomUUID() } }),
    deviceActionCancel: () => ({ body: { id: maxId } }),
    contentById: () => ({ params: { id: maxId } }),
    contentCreate: () => ({ body: { from: maxId } }),
    contentUpdate: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    contentPublish: () => ({ body: { id: maxId } }),
    contentCancel: () => ({ body: { id: maxId } }),
    contentDelete: () => ({ body: { id: maxId } }),
    visitNoteCreate: ({ body }) => ({ body: { ...fields(body), customerId: maxId } }),
    customerErase: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    trialReview: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    trialCorrect: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    quarantinedById: () => ({ params: { id: maxId } }),
    quarantineAccept: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    quarantineReject: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    packImage: () => ({ params: { file: 'no-such-pack.svg' } }),
    packUpdate: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    packRetire: () => ({ body: { id: maxId } }),
    productUpdate: ({ body }) => ({ body: { ...fields(body), id: maxId } }),
    productRetire: () => ({ body: { id: maxId } }),
  }

  async function send(
    entry: Endpoint,
    call: Call,
    token: string | null,
    app: string | null = appId,
  ) {
    const path = fillPath(entry.path, call.params ?? {})
    const url = new URL((entry.root ? '' : apiBasePath) + path, api.url)
    for (const [key, value] of Object.entries(call.query ?? {}))
      url.searchParams.set(key, String(value))
    const headers: Record<string, string> = { [languageHeader]: 'en', ...call.headers }
    if (app !== null) headers[appHeader] = app
    if (token) headers.Authorization = token.startsWith('Device ') ? token : `Bearer ${token}`
    if (call.body !== undefined) headers['Content-Type'] = 'application/json'
    const response = await fetch(url, {
      method: entry.method,
      headers,
      body: call.form?.() ?? (call.body === undefined ? undefined : JSON.stringify(call.body)),
    })
    const text = await response.text()
    const json = /^application\/json/.test(response.headers.get('Content-Type') ?? '')
    const body: unknown = json && text ? JSON.parse(text) : text
    return { status: response.status, headers: response.headers, body }
  }

  /** The role that calls an entry: anyone, else a super user, else the first role it allows. */
  function roleOf(entry: Endpoint): Role | null {
    if (isPublic(entry.policy)) return null
    return roles.find((role) => mayCall(entry.policy, role)) ?? null
  }

  const observed = new Map<EndpointName, Set<Kind>>()

  for (const { name: entryName, entry } of endpointTable) {
    const name = entryName as EndpointName
    it(`${name}: ${kindsOf(name, entry).join(', ')}`, async () => {
      const seen = new Set<Kind>()
      observed.set(name, seen)
      const problems: string[] = []
      const expectAnswer = (
        kind: Kind,
        answer: LiveAnswer,
        status: (status: number) => boolean,
      ) => {
        seen.add(kind)
        if (!status(answer.status)) problems.push(`${kind}: unexpected status ${answer.status}`)
        problems.push(
          ...check(entry, answer).map((problem) => `${kind} (${answer.status}): ${problem}`),
        )
      }
      const isSuccess = (status: number) => status === (entry.status ?? 200)
      const role = roleOf(entry)
      const newCaller = () => {
        if (role) return callerOf(role, role === 'manager')
        const byDevice = !isPublic(entry.policy) && devicesMayCall(entry.policy)
        return byDevice ? deviceCaller() : Promise.resolve(null)
      }

      const caller = await newCaller()
      const valid = await cases[name](caller)
      expectAnswer('success', await send(entry, valid, caller?.token ?? null), isSuccess)

      if ((entry.query || entry.body || entry.upload) && !alwaysReadable.has(name)) {
        const call = await cases[name](caller)
        const invalid = { ...call, ...(invalidInput[name] ?? wronglyFilled(call)) }
        const answer = await send(entry, invalid, caller?.token ?? null)
        expectAnswer('invalid input', answer, (status) => status === 400)
      }
      if (!isPublic(entry.policy)) {
        expectAnswer('no token', await send(entry, valid, null), (status) => status === 401)
        const past = new Date(now().getTime() - 2 * sessionLifetime * 1000)
        const expired = await signToken(
          caller?.id ?? 0,
          randomUUID(),
          sessionLifetime,
          api.config.jwtSecret,
          past,
        )
        expectAnswer('expired token', await send(entry, valid, expired), (status) => status === 401)
        const refused = roles.find((other) => !mayCall(entry.policy, other))
        if (refused) {
          const other = await callerOf(refused, refused === 'manager')
          const answer = await send(entry, await cases[name](other), other.token)
          expectAnswer('wrong role', answer, (status) => status === 403)
        }
        if (entry.policy.store) {
          const manager = await callerOf('manager', false)
          const answer = await send(entry, await cases[name](manager), manager.token)
          expectAnswer('no store', answer, (status) => status === 403)
        }
      }
      if (entry.errors?.[404]) {
        const call = await cases[name](caller)
        const missing = notFound[name]?.(call) ?? { ...call, params: { id: maxId } }
        const answer = await send(entry, missing, caller?.token ?? null)
        expectAnswer('not found', answer, (status) => status === 404)
      }
      if (!entry.root && !entry.withoutAppHeader) {
        const answer = await send(entry, valid, caller?.token ?? null, null)
        expectAnswer('no X-APP', answer, (status) => status === 400)
      }
      if (entry.idempotent) {
        const badKey = { ...(await cases[name](caller)), headers: { [idempotencyHeader]: 'nope' } }
        const bad = await send(entry, badKey, caller?.token ?? null)
        expectAnswer('bad Idempotency-Key', bad, (status) => status === 400)
        const fresh = await newCaller()
        const keyed = {
          ...(await cases[name](fresh)),
          headers: { [idempotencyHeader]: randomUUID() },
        }
        await send(entry, keyed, fresh?.token ?? null)
        const replayed = await send(entry, keyed, fresh?.token ?? null)
        expectAnswer('replay', replayed, isSuccess)
        if (replayed.headers.get('Idempotent-Replayed') !== 'true') {
          problems.push('replay: no Idempotent-Replayed: true')
        }
      }
      expect(problems).toEqual([])
    })
  }

  it('answers 503 while starting and 413 for a body too large, as documented', async () => {
    const app = createApp(
      {
        db: api.db,
        mailer: { send: () => Promise.resolve(), close: () => {} },
        clock: now,
        config: api.config,
        tasks: api.tasks,
        logger: silentLogger(),
        metrics: createMetrics(),
      },
      createReadiness('starting'),
    )
    const starting = await app.request(`${apiBasePath}${stores.storeSearch.path}`, {
      headers: { [appHeader]: appId },
    })
    const answer: LiveAnswer = {
      status: starting.status,
      headers: starting.headers,
      body: await starting.json(),
    }
    expect(answer.status).toBe(503)
    expect(check(stores.storeSearch, answer)).toEqual([])
    const ready = await app.request(`${apiBasePath}${health.readiness.path}`)
    expect(ready.status).toBe(503)
    const readiness: LiveAnswer = { status: 503, headers: ready.headers, body: await ready.json() }
    expect(check(health.readiness, readiness)).toEqual([])

    const login = endpointTable.find(({ name }) => name === 'login')?.entry
    if (!login) throw new Error('no login entry')
    const large = await send(
      login,
      { body: { email: 'a@example.rs', password: tooLong.repeat(4000) } },
      null,
    )
    expect(large.status).toBe(413)
    expect(check(login, large)).toEqual([])
  })

  it('brought every entry to each error kind its rules give it', () => {
    const missing = endpointTable.flatMap(({ name, entry }) => {
      const seen = observed.get(name as EndpointName) ?? new Set()
      return kindsOf(name as EndpointName, entry)
        .filter((kind) => !seen.has(kind))
        .map((kind) => `${name}: ${kind}`)
    })
    expect(missing).toEqual([])
  })
})
