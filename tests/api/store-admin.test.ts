import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { storeDeleteResultSchema, storeLogListSchema } from '../../src/contract/store-admin.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { storeListSchema, storeSchema } from '../../src/contract/stores.ts'
import { storeLogs } from '../../server/db/schema/store-logs.ts'
import { stores } from '../../server/db/schema/stores.ts'
import { expectAdminsOnly, signedIn } from './support/admin-fixtures.ts'
import { createStore, createUser, uniqueWord, userRow } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { trialBody } from '../support/trial-body.ts'
import { createTrial, postTrial } from './support/trial-fixtures.ts'
import { administrationMessages } from '../../src/contract/administration-messages.ts'

const minute = 60 * 1000

function storeForm(overrides: Record<string, unknown> = {}) {
  return {
    name: `Trafika Čačak ${uniqueWord()}`,
    address: 'Kneza Miloša 12',
    city: 'Čačak',
    country: 'RS',
    ...overrides,
  }
}

async function storeRow(api: TestApi, id: number) {
  const [row] = await api.db.select().from(stores).where(eq(stores.id, id))
  return row
}

describe.each(databases)('store administration on $name', (database) => {
  const api = useApi(database)

  it('lets only super users and admins in: anonymous 401, agents and managers 403', async () => {
    const store = await createStore(api)
    const calls = [
      { method: 'POST', path: '/store/create', body: storeForm() },
      { method: 'POST', path: '/store/update', body: { id: store.id, ...storeForm() } },
      { method: 'POST', path: '/store/delete', body: { id: store.id } },
      { method: 'GET', path: `/store/log?store=${store.id}` },
    ]
    for (const call of calls) {
      expect(await expectAdminsOnly(api, call), call.path).toEqual({
        anonymous: 401,
        agent: 403,
        manager: 403,
      })
    }
    expect((await storeRow(api, store.id))?.archivedAt).toBeNull()
    for (const role of ['admin', 'super'] as const) {
      const { token } = await signedIn(api, role)
      const log = await api.request('GET', `/store/log?store=${store.id}`, { token })
      expect(log.status).toBe(200)
    }
  })

  it('creates and updates a store', async () => {
    const admin = await signedIn(api, 'admin')
    const form = storeForm()
    const created = await api.request('POST', '/store/create', {
      token: admin.token,
      body: form,
      language: 'sr',
    })
    expect(created.status).toBe(201)
    const body = expectShape(dataEnvelope(storeSchema), created.body)
    expect(body.message).toBe('Prodavnica je napravljena.')
    expect(body.data).toMatchObject(form)

    const changed = storeForm({ city: 'Podgorica', country: 'ME' })
    const updated = await api.request('POST', '/store/update', {
      token: admin.token,
      body: { id: body.data.id, ...changed },
      language: 'en',
    })
    expect(updated.status).toBe(200)
    expect(expectShape(dataEnvelope(storeSchema), updated.body)).toEqual({
      data: { ...changed, id: body.data.id, createdAt: body.data.createdAt },
      message: administrationMessages.storeSaved.message,
    })
    const found = await api.request('GET', `/store/${body.data.id}`, { token: admin.token })
    expect(expectShape(dataEnvelope(storeSchema), found.body).data.city).toBe('Podgorica')

    // The search reads the folded name, address and city the database keeps: they follow the edit.
    const searched = async (query: string) => {
      const params = new URLSearchParams({ query })
      const response = await api.request('GET', `/store/search?${params}`, { token: admin.token })
      return expectShape(dataEnvelope(storeListSchema), response.body).data.rows.map(
        (row) => row.id,
      )
    }
    expect(await searched(changed.name.replace('Čačak', 'CACAK'))).toEqual([body.data.id])
    expect(await searched(form.name)).toEqual([])
  })

  it('names invalid store fields in the request language', async () => {
    const admin = await signedIn(api, 'super')
    const response = await api.request('POST', '/store/create', {
      token: admin.token,
      body: { name: '', address: 'Bulevar 1', country: 'HR' },
      language: 'me',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Ovo polje je obavezno.',
      invalidFields: [
        { field: 'name', message: 'Ovo polje je obavezno.' },
        { field: 'city', message: 'Ovo polje je obavezno.' },
        { field: 'country', message: 'Ovo polje je obavezno.' },
      ],
    })
  })

  it('refuses a spoofed store: a name of zero-width spaces as empty, direction controls in its address and city', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const spoofed = storeForm({
      name: '\u200B\u200B\u200B',
      address: 'Kneza Miloša \u202E21',
      city: '\u2066Čačak\u2069',
    })
    const before = await api.db.select({ id: stores.id }).from(stores)
    for (const [path, body] of [
      ['/store/create', spoofed],
      ['/store/update', { id: store.id, ...spoofed }],
    ] as const) {
      const response = await api.request('POST', path, { token: admin.token, body, language: 'en' })
      expect(response.status, path).toBe(400)
      expect(response.body, path).toMatchObject({
        code: messages.required.id,
        invalidFields: [
          { field: 'name', code: messages.required.id, message: messages.required.message },
          {
            field: 'address',
            code: messages.bidiControl.id,
            message: messages.bidiControl.message,
          },
          { field: 'city', code: messages.bidiControl.id, message: messages.bidiControl.message },
        ],
      })
    }
    expect(await api.db.select({ id: stores.id }).from(stores)).toEqual(before)
    expect(await storeRow(api, store.id)).toMatchObject({ name: store.name, city: store.city })
  })

  it('does not update or delete an archived or unknown store', async () => {
    const admin = await signedIn(api, 'admin')
    const archived = await createStore(api, { archived: true })
    for (const [path, body] of [
      ['/store/update', { id: archived.id, ...storeForm() }],
      ['/store/delete', { id: archived.id }],
      ['/store/delete', { id: 2_000_000_000 }],
    ] as const) {
      const response = await api.request('POST', path, {
        token: admin.token,
        body,
        language: 'en',
      })
      expect(response.status).toBe(404)
      expect(response.body).toMatchObject({ message: messages.storeNotFound.message })
    }
  })

  it('deletes a store without history', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const assigned = await createUser(api, { role: 'manager', expertStoreId: store.id })
    const response = await api.request('POST', '/store/delete', {
      token: admin.token,
      body: { id: store.id },
      language: 'en',
    })
    expect(response.status).toBe(200)
    expect(expectShape(dataEnvelope(storeDeleteResultSchema), response.body)).toEqual({
      data: { id: store.id, archived: false },
      message: administrationMessages.storeDeleted.message,
    })
    expect(await storeRow(api, store.id)).toBeUndefined()
    expect((await userRow(api, assigned.id)).expertStoreId).toBeNull()
  })

  it('archives a store with store logs or trials instead, keeping its history', async () => {
    const admin = await signedIn(api, 'admin')
    const withLog = await createStore(api)
    const manager = await signedIn(api, 'manager')
    await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: withLog.id },
    })
    const withTrial = await createStore(api)
    const agent = await createUser(api)
    await createTrial(api, { userId: agent.id, storeId: withTrial.id, createdAt: new Date() })

    for (const store of [withLog, withTrial]) {
      const response = await api.request('POST', '/store/delete', {
        token: admin.token,
        body: { id: store.id },
        language: 'me',
      })
      expect(response.status).toBe(200)
      expect(response.body).toEqual({
        data: { id: store.id, archived: true },
        message:
          'Prodavnica ima istoriju, pa je arhivirana umjesto obrisana. Njena istorija je sačuvana.',
      })
      expect((await storeRow(api, store.id))?.archivedAt).not.toBeNull()
    }
    expect((await userRow(api, manager.id)).expertStoreId).toBeNull()
    const logs = await api.db.select().from(storeLogs).where(eq(storeLogs.userId, manager.id))
    expect(logs).toHaveLength(1)
    expect(logs[0]?.logoutAt).not.toBeNull()
    const search = await api.request('GET', `/store/search?query=${withLog.name}`, {
      token: admin.token,
    })
    expect(search.body).toMatchObject({ data: { count: 0 } })
  })

  it('shows the store log: name, login, total minutes and the trials entered meanwhile', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const manager = await signedIn(api, 'manager')
    const checkIn = () =>
      api.request('POST', '/user/check-in', { token: manager.token, body: { storeId: store.id } })

    expect((await checkIn()).status).toBe(200)
    api.clock.advance(30 * minute)
    const trial = await postTrial(api, {
      token: manager.token,
      body: trialBody(store.id),
    })
    expect(trial.status).toBe(201)
    api.clock.advance(45 * minute)
    const out = await api.request('POST', '/user/check-out', { token: manager.token, body: {} })
    expect(out.status).toBe(200)
    api.clock.advance(60 * minute)
    expect((await checkIn()).status).toBe(200)
    api.clock.advance(10 * minute)

    const response = await api.request('GET', `/store/log?store=${store.id}`, {
      token: admin.token,
    })
    expect(response.status).toBe(200)
    const { rows, count } = expectShape(dataEnvelope(storeLogListSchema), response.body).data
    expect(count).toBe(2)
    expect(
      rows.map(({ name, totalMinutes, inputs, logoutAt, userId, storeName }) => ({
        name,
        totalMinutes,
        inputs,
        open: logoutAt === null,
        userId,
        storeName,
      })),
    ).toEqual([
      {
        name: manager.fullname,
        totalMinutes: 10,
        inputs: 0,
        open: true,
        userId: manager.id,
        storeName: store.name,
      },
      {
        name: manager.fullname,
        totalMinutes: 75,
        inputs: 1,
        open: false,
        userId: manager.id,
        storeName: store.name,
      },
    ])
    const byUser = await api.request('GET', `/store/log?user=${manager.id}&store=${store.id}`, {
      token: admin.token,
    })
    expect(expectShape(dataEnvelope(storeLogListSchema), byUser.body).data.count).toBe(2)
    const other = await createUser(api, { role: 'manager' })
    const none = await api.request('GET', `/store/log?user=${other.id}`, { token: admin.token })
    expect(expectShape(dataEnvelope(storeLogListSchema), none.body).data.count).toBe(0)
  })

  it('filters the store log by whole days in the stores time zone', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const manager = await createUser(api, { role: 'manager' })
    const at = (iso: string) => new Date(iso)
    const logins = [
      at('2026-01-10T10:00:00Z'),
      at('2026-01-10T23:30:00Z'), // 2026-01-11 00:30 in Belgrade
      at('2026-01-11T22:30:00Z'), // 2026-01-11 23:30 in Belgrade
      at('2026-01-11T23:30:00Z'), // 2026-01-12 00:30 in Belgrade
    ]
    for (const loginAt of logins) {
      await api.db.insert(storeLogs).values({
        userId: manager.id,
        storeId: store.id,
        loginAt,
        logoutAt: new Date(loginAt.getTime() + 90 * minute),
      })
    }
    const response = await api.request(
      'GET',
      `/store/log?store=${store.id}&startAt=2026-01-11&endAt=2026-01-11`,
      { token: admin.token },
    )
    const { rows } = expectShape(dataEnvelope(storeLogListSchema), response.body).data
    expect(rows.map((row) => row.loginAt)).toEqual([
      '2026-01-11T22:30:00.000Z',
      '2026-01-10T23:30:00.000Z',
    ])
    expect(rows.every((row) => row.totalMinutes === 90)).toBe(true)
    const invalid = await api.request('GET', '/store/log?startAt=yesterday', {
      token: admin.token,
    })
    expect(invalid.status).toBe(400)
    expect(invalid.body).toMatchObject({ invalidFields: [{ field: 'startAt' }] })
  })
})

describe.each(databases)('store form messages on $name', (database) => {
  const api = useApi(database)

  it('words a too long name in the request language, never in the library’s English', async () => {
    const admin = await signedIn(api, 'admin')
    const response = await api.request('POST', '/store/create', {
      token: admin.token,
      body: storeForm({ name: 'Š'.repeat(323) }),
      language: 'me',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Ovaj tekst je predugačak.',
      invalidFields: [{ field: 'name', message: 'Ovaj tekst je predugačak.' }],
    })
  })
})
