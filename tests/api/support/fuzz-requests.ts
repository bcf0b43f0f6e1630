import fc from 'fast-check'
import { appHeader, appId, idempotencyHeader, languageHeader } from '../../../src/contract/http.ts'
import { habits } from '../../../src/contract/trial-options.ts'
import {
  badAppHeaders,
  badIdempotencyKeys,
  badIds,
  contentTypes,
  jsonText,
  languages,
  oneFieldBroken,
  rawBodies,
  rawQueries,
  short,
} from './fuzz-bad-values.ts'
import { isRecord, oneOf, validValue, type Hints } from './fuzz-values.ts'

/*
 * The fuzz test's request builder: from the endpoints (their contract schemas), the database's ids
 * and the signed-in actors, requests that are mostly valid with one thing broken (a field, the
 * body, the query, the path's id, the method or a header).
 */

export type EndpointSpec = {
  method: 'GET' | 'POST'
  /** The Hono path under `/api/v1`, such as `/store/:id`. */
  path: string
  query?: unknown
  body?: unknown
  /** Valid path ids, for paths with `:id`. */
  ids?: fc.Arbitrary<number>
  /** Hints by field name for this endpoint (on top of the shared ones). */
  hints?: Hints
  /** A refused request counts as a failed sign-in (login_attempts), as it must. */
  countsSignIn?: boolean
  /** Who may call it: such actors are picked more often, so that more requests get past the guards. */
  favours?: Actor['kind']
}

export type FuzzContext = {
  storeIds: number[]
  customerIds: number[]
  /** Users the fuzzing may edit and delete (not the signed-in actors). */
  userIds: number[]
  voucherIds: number[]
  trialIds: number[]
  voucherCodes: string[]
  emails: string[]
  password: string
}

/** Hints shared by every endpoint: ids that exist, and what a schema's `check` wants. */
export function sharedHints(context: FuzzContext): Hints {
  const store = oneOf(context.storeIds, 1)
  return {
    store_id: store,
    storeId: store,
    expertStoreId: fc.option(store, { nil: null }),
    store: store.map(String),
    customerId: oneOf(context.customerIds, 1),
    user: oneOf(context.userIds, 1).map(String),
    habits: fc.constantFrom(...habits, 'RMC;HTS', 'HTS;Vape'),
  }
}

export type Actor = {
  name: string
  kind: 'anonymous' | 'agent' | 'manager' | 'administrator'
  token: string | undefined
}

export type FuzzRequest = {
  endpoint: string
  method: string
  /** Under `/api/v1`, with the query string. */
  path: string
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer> | undefined
  actor: string
  /** What was broken. */
  label: string
}

/** Bearer tokens that must all be refused with 401. */
export type BadTokens = readonly { name: string; token: string }[]

function queryString(value: unknown): string {
  if (!isRecord(value)) return ''
  const params = new URLSearchParams()
  for (const [name, item] of Object.entries(value)) {
    if (item === undefined) continue
    if (Array.isArray(item)) for (const element of item) params.append(name, short(element))
    else params.append(name, typeof item === 'string' ? item : jsonText(item))
  }
  return params.toString()
}

type Part = {
  body?: unknown
  rawBody?: string | Uint8Array<ArrayBuffer>
  query?: string
  label: string
}

function partsOf(spec: EndpointSpec, hints: Hints): fc.Arbitrary<Part> {
  const parts: { weight: number; arbitrary: fc.Arbitrary<Part> }[] = []
  if (spec.body !== undefined) {
    const schema = spec.body
    parts.push({
      weight: 2,
      arbitrary: validValue(schema, hints).map((body) => ({ body, label: 'valid body' })),
    })
    parts.push({
      weight: 8,
      arbitrary: oneFieldBroken(schema, hints).map(({ value, label }) => ({ body: value, label })),
    })
    parts.push({
      weight: 2,
      arbitrary: rawBodies.map(({ body, label }) => ({ rawBody: body, label })),
    })
  } else if (spec.method === 'POST') {
    parts.push({
      weight: 1,
      arbitrary: rawBodies.map(({ body, label }) => ({ rawBody: body, label })),
    })
  }
  if (spec.query !== undefined) {
    const schema = spec.query
    parts.push({
      weight: 2,
      arbitrary: validValue(schema, hints).map((value) => ({
        query: queryString(value),
        label: 'valid query',
      })),
    })
    parts.push({
      weight: 8,
      arbitrary: oneFieldBroken(schema, hints).map(({ value, label }) => ({
        query: queryString(value),
        label,
      })),
    })
  }
  if (spec.method === 'GET') {
    parts.push({
      weight: 2,
      arbitrary: rawQueries.map((query) => ({ query, label: `raw query ${short(query)}` })),
    })
  }
  if (parts.length === 0) parts.push({ weight: 1, arbitrary: fc.constant({ label: 'as it is' }) })
  return fc.oneof(...parts)
}

type HeaderChange = {
  apply: (headers: Record<string, string>) => void
  label: string
  auth?: boolean
}

function headerChanges(badTokens: BadTokens): fc.Arbitrary<HeaderChange> {
  const set = (name: string, value: string, label: string, auth = false): HeaderChange => ({
    apply: (headers) => {
      headers[name] = value
    },
    label,
    auth,
  })
  const tokens = badTokens.map(({ name, token }) =>
    set('Authorization', `Bearer ${token}`, `token: ${name}`, true),
  )
  return fc.oneof(
    fc.constantFrom(...tokens),
    fc
      .constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer a.b.c',
        'Basic dXNlcjpwYXNz',
        'bearer  x',
        'Bearer ' + 'a'.repeat(10_000),
        'Token abc',
      )
      .map((value) => set('Authorization', value, `Authorization: ${short(value)}`, true)),
    fc
      .constantFrom(...badAppHeaders)
      .map((value) => set(appHeader, value, `${appHeader}: ${short(value)}`)),
    fc.constant<HeaderChange>({
      apply: (headers) => {
        Reflect.deleteProperty(headers, appHeader)
      },
      label: `no ${appHeader}`,
    }),
    fc
      .constantFrom(...badIdempotencyKeys)
      .map((value) => set(idempotencyHeader, value, `${idempotencyHeader}: ${short(value)}`)),
    fc
      .constantFrom(...contentTypes)
      .map((value) => set('Content-Type', value, `Content-Type: ${short(value)}`)),
  )
}

/** Requests to every endpoint, as every actor: mostly valid with one thing broken. */
export function requestArbitrary(
  specs: readonly EndpointSpec[],
  context: FuzzContext,
  actors: readonly Actor[],
  badTokens: BadTokens,
): fc.Arbitrary<FuzzRequest> {
  const shared = sharedHints(context)
  const perEndpoint = specs.map((spec) => {
    const hints = { ...shared, ...spec.hints }
    const endpoint = `${spec.method} ${spec.path}`
    const id = spec.ids
      ? fc.oneof(
          { weight: 3, arbitrary: spec.ids.map((value) => ({ id: String(value), bad: false })) },
          {
            weight: 2,
            arbitrary: fc.constantFrom(...badIds).map((value) => ({ id: value, bad: true })),
          },
        )
      : fc.constant({ id: '', bad: false })
    const method = fc.oneof(
      { weight: 30, arbitrary: fc.constant(spec.method) },
      {
        weight: 1,
        arbitrary: fc.constantFrom(
          'PUT',
          'PATCH',
          'DELETE',
          spec.method === 'GET' ? 'POST' : 'GET',
        ),
      },
    )
    return fc
      .record({
        actor: fc.oneof(
          ...actors.map((actor) => ({
            weight: spec.favours === undefined ? 2 : spec.favours === actor.kind ? 6 : 1,
            arbitrary: fc.constant(actor),
          })),
        ),
        part: partsOf(spec, hints),
        id,
        method,
        language: languages,
        key:
          spec.path === '/free-guided/form'
            ? fc.option(fc.uuid(), { nil: undefined })
            : fc.constant(undefined),
        change: fc.oneof(
          { weight: 6, arbitrary: fc.constant(undefined) },
          { weight: 1, arbitrary: headerChanges(badTokens) },
        ),
      })
      .map(({ actor, part, id, method, language, key, change }): FuzzRequest => {
        const headers: Record<string, string> = { [appHeader]: appId, [languageHeader]: language }
        if (actor.token) headers.Authorization = `Bearer ${actor.token}`
        if (key) headers[idempotencyHeader] = key
        const sendsBody = method !== 'GET'
        let body: FuzzRequest['body']
        if (sendsBody && part.rawBody !== undefined) body = part.rawBody
        else if (sendsBody && part.body !== undefined) body = jsonText(part.body)
        if (body !== undefined) headers['Content-Type'] = 'application/json'
        change?.apply(headers)
        const path = spec.path.replace(':id', id.id) + (part.query ? `?${part.query}` : '')
        const labels = [
          part.label,
          id.bad ? `id ${short(id.id)}` : '',
          method === spec.method ? '' : `method ${method}`,
          change?.label ?? '',
        ]
        return {
          endpoint,
          method,
          path,
          headers,
          body,
          actor: change?.auth ? 'bad token' : actor.name,
          label: labels.filter(Boolean).join('; '),
        }
      })
  })
  return fc.oneof(...perEndpoint)
}
