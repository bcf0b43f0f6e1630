import { describe, expect, it } from 'vitest'
import { expertStoreSchema, sessionSchema } from '../../src/contract/auth.ts'
import { dataEnvelope } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import type { Role } from '../../src/contract/roles.ts'
import { createStore, createUser, signIn, storeLogsOf, userRow } from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'

async function signedInManager(api: TestApi) {
  const manager = await createUser(api, { role: 'manager' })
  return { ...manager, token: await signIn(api, manager) }
}

describe.each(databases)('checking in and out on $name', (database) => {
  const api = useApi(database)

  it('checks a manager in: the expert store is set and a store log opened', async () => {
    const store = await createStore(api)
    const manager = await signedInManager(api)
    const response = await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: store.id },
      language: 'en',
    })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(expertStoreSchema), response.body)
    expect(body).toEqual({
      data: { id: store.id, name: store.name, country: 'RS' },
      message: messages.checkedIn.message,
    })
    expect((await userRow(api, manager.id)).expertStoreId).toBe(store.id)
    const logs = await storeLogsOf(api, manager.id)
    expect(logs).toHaveLength(1)
    expect(logs[0]).toMatchObject({ storeId: store.id, logoutAt: null })

    const me = await api.request('GET', '/me', { token: manager.token })
    expect(expectShape(dataEnvelope(sessionSchema), me.body).data.expertStore).toEqual({
      id: store.id,
      name: store.name,
      country: 'RS',
    })
  })

  it('moves a manager to another store: the open log is closed and a new one opened', async () => {
    const first = await createStore(api)
    const second = await createStore(api)
    const third = await createStore(api)
    const manager = await signedInManager(api)
    await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: first.id },
    })

    const update = await api.request('POST', '/user/check-in/update', {
      token: manager.token,
      body: { storeId: second.id },
    })
    expect(update.status).toBe(200)
    expect(expectShape(dataEnvelope(expertStoreSchema), update.body).data).toEqual({
      id: second.id,
      name: second.name,
      country: 'RS',
    })

    // Checking in while checked in behaves like an update.
    const again = await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: third.id },
    })
    expect(again.status).toBe(200)

    const logs = await storeLogsOf(api, manager.id)
    expect(logs.map((log) => [log.storeId, log.logoutAt === null])).toEqual([
      [first.id, false],
      [second.id, false],
      [third.id, true],
    ])
    expect((await userRow(api, manager.id)).expertStoreId).toBe(third.id)
  })

  it('checks a manager out: the log is closed and the expert store cleared', async () => {
    const store = await createStore(api)
    const manager = await signedInManager(api)
    await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: store.id },
    })
    const response = await api.request('POST', '/user/check-out', {
      token: manager.token,
      body: { storeId: store.id },
      language: 'me',
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({ data: null, message: 'Odjavljeni ste iz prodavnice.' })
    expect((await userRow(api, manager.id)).expertStoreId).toBeNull()
    const logs = await storeLogsOf(api, manager.id)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.logoutAt).toBeInstanceOf(Date)

    const withoutBody = await api.request('POST', '/user/check-out', { token: manager.token })
    expect(withoutBody.status).toBe(200)
  })

  it('answers 404 store.notFound for an unknown or archived store', async () => {
    const archived = await createStore(api, { archived: true })
    const manager = await signedInManager(api)
    for (const path of ['/user/check-in', '/user/check-in/update']) {
      for (const storeId of [archived.id, 2_000_000_000]) {
        const response = await api.request('POST', path, {
          token: manager.token,
          body: { storeId },
          language: 'en',
        })
        expect(response.status).toBe(404)
        expect(response.body).toMatchObject({ message: messages.storeNotFound.message })
      }
    }
    expect((await userRow(api, manager.id)).expertStoreId).toBeNull()
    expect(await storeLogsOf(api, manager.id)).toEqual([])
  })

  it('refuses everyone but managers with 403 store.managersOnly', async () => {
    const store = await createStore(api)
    for (const role of ['agent', 'admin', 'super'] satisfies Role[]) {
      const user = await createUser(api, { role })
      const token = await signIn(api, user)
      for (const path of ['/user/check-in', '/user/check-in/update', '/user/check-out']) {
        const response = await api.request('POST', path, {
          token,
          body: { storeId: store.id },
          language: 'en',
        })
        expect(response.status).toBe(403)
        expect(response.body).toMatchObject({ message: messages.managersOnly.message })
      }
    }
  })

  it('needs a signed-in user', async () => {
    const response = await api.request('POST', '/user/check-in', { body: { storeId: 1 } })
    expect(response.status).toBe(401)
    expect(response.body).toMatchObject({ message: 'invalid token' })
  })

  it('names an invalid store id', async () => {
    const manager = await signedInManager(api)
    const cases = [
      [{}, 'Ovo polje je obavezno.'],
      [{ storeId: 'abc' }, 'Ova vrijednost nije validna.'],
      [{ storeId: 0 }, 'Ova vrijednost nije validna.'],
    ] as const
    for (const [body, message] of cases) {
      const response = await api.request('POST', '/user/check-in', {
        token: manager.token,
        body,
        language: 'me',
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        message,
        invalidFields: [{ field: 'storeId', message }],
      })
    }
  })
})
