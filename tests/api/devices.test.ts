import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loginAnswerSchema } from '../../src/contract/auth.ts'
import { type Heartbeat } from '../../src/contract/devices.ts'
import { deviceListSchema, deviceSummarySchema } from '../../src/contract/device-admin.ts'
import { userDeviceListSchema } from '../../src/contract/users.ts'
import { dataEnvelope, errorEnvelopeSchema, invalidToken } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { appDevices, deviceCredentials, deviceSecrets } from '../../server/db/schema/app-devices.ts'
import { users } from '../../server/db/schema/users.ts'
import { createStore, createUser, goodPassword, signedInCaller } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { trialBody } from '../support/trial-body.ts'
import { trialsOf } from './support/trial-fixtures.ts'
import { noMinimumAppVersion } from '../../src/contract/app-version.ts'
import { byDevice, heartbeat } from './support/device-fixtures.ts'

const day = 24 * 60 * 60_000

/**
 * Signs in on a device (with its secret, when given): the session's token, the device's credential
 * for the user and the id the server answered for the device.
 */
async function signInOnDevice(
  api: TestApi,
  deviceId: string,
  role: 'agent' | 'manager' = 'agent',
  secret?: string,
) {
  const user = await createUser(api, { role })
  const response = await api.request('POST', '/user/login', {
    body: { email: user.email, password: goodPassword, device_id: deviceId, device_secret: secret },
  })
  expect(response.status).toBe(200)
  const { data } = expectShape(dataEnvelope(loginAnswerSchema), response.body)
  if (!data.device_credential || !data.device_id) throw new Error('no device credential')
  return {
    ...user,
    token: data.token,
    credential: data.device_credential,
    deviceId: data.device_id,
    key: data.device_key,
  }
}

/** A device's secret as the PWA makes it: 32 random bytes, base64url. */
function deviceSecret(): string {
  return randomBytes(32).toString('base64url')
}

function sendTrial(api: TestApi, credential: string, storeId: number, url = api.url) {
  return callApi(url, 'POST', '/free-guided/form', {
    body: trialBody(storeId),
    language: 'en',
    headers: { Authorization: `Device ${credential}`, 'Idempotency-Key': randomUUID() },
  })
}

describe.each(databases)('devices on $name', (database) => {
  const api = useApi(database)

  const admin = () => signedInCaller(api, 'admin', null, 'Devices')

  async function search(query: Record<string, string>) {
    const { token } = await admin()
    const response = await api.request('GET', `/device/search?${new URLSearchParams(query)}`, {
      token,
    })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(deviceListSchema), response.body).data
  }

  it('issues a device credential at sign-in only for a device that names itself', async () => {
    const user = await createUser(api)
    const without = await api.request('POST', '/user/login', {
      body: { email: user.email, password: goodPassword },
    })
    expect(expectShape(dataEnvelope(loginAnswerSchema), without.body).data.device_credential).toBe(
      undefined,
    )
    const refused = await api.request('POST', '/user/login', {
      body: { email: user.email, password: goodPassword, device_id: 'tablet-7' },
    })
    expect(refused.status).toBe(400)
    const device = await signInOnDevice(api, randomUUID())
    expect(device.credential).toMatch(/^[\w-]{43}$/)
  })

  it('gives a device key with a password only, the same for the same user and device, another for another', async () => {
    const user = await createUser(api)
    const signIn = async (deviceId?: string) => {
      const response = await api.request('POST', '/user/login', {
        body: { email: user.email, password: goodPassword, device_id: deviceId },
      })
      return expectShape(dataEnvelope(loginAnswerSchema), response.body).data.device_key
    }
    const tablet = randomUUID()
    const first = await signIn(tablet)
    expect(first).toMatch(/^[\w-]{43}$/)
    expect(await signIn(tablet)).toBe(first)
    expect(await signIn(randomUUID())).not.toBe(first)
    expect(await signIn()).toBe(undefined)
    const wrong = await api.request('POST', '/user/login', {
      body: { email: user.email, password: 'Wrong!Pass9', device_id: tablet },
    })
    expect(wrong.status).toBe(401)
    expect(JSON.stringify(wrong.body)).not.toContain(first)
  })

  it("files a credential's trial under its user, after sign-out, a new password and deletion", async () => {
    const store = await createStore(api)
    const author = await signInOnDevice(api, randomUUID())
    const changed = await api.request('POST', '/user/change-password', {
      token: author.token,
      body: {
        currentPassword: goodPassword,
        password: 'Nova!Lozinka9',
        confirmPassword: 'Nova!Lozinka9',
      },
    })
    expect(changed.status).toBe(200)
    expect((await sendTrial(api, author.credential, store.id)).status).toBe(201)
    await api.db.update(users).set({ deletedAt: api.clock.now() }).where(eq(users.id, author.id))
    expect((await sendTrial(api, author.credential, store.id)).status).toBe(201)
    expect(await trialsOf(api, author.id)).toHaveLength(2)
  })

  it("an agent signing in with another tablet's device id gets a new id and cannot overwrite its heartbeat row", async () => {
    const tablet = randomUUID()
    const secret = deviceSecret()
    const manager = await signInOnDevice(api, tablet, 'manager', secret)
    expect(manager.deviceId).toBe(tablet)
    const beat = (credential: string, body: Heartbeat) =>
      byDevice(api, credential, 'POST', '/device/heartbeat', body)
    const finishedAt = new Date(api.clock.now().getTime() - 60_000).toISOString()
    const seven = heartbeat({ waiting: 7, oldestWaitingAt: finishedAt })
    expect((await beat(manager.credential, seven)).status).toBe(200)

    // The tablet's id read off it (a log, a screenshot of the devices list), with a secret of the
    // agent's own making, or with none as an older build would send.
    for (const agentSecret of [deviceSecret(), undefined]) {
      const agent = await signInOnDevice(api, tablet, 'agent', agentSecret)
      expect(agent.deviceId).not.toBe(tablet)
      expect(agent.key).not.toBe(manager.key)
      expect((await beat(agent.credential, heartbeat())).status).toBe(200)
      const [row] = (await search({ query: tablet })).rows
      expect(row).toMatchObject({ id: tablet, user: { id: manager.id }, waiting: 7 })
      const [own] = (await search({ query: agent.deviceId })).rows
      expect(own).toMatchObject({ id: agent.deviceId, user: { id: agent.id }, waiting: 0 })
    }

    // The tablet itself, with its secret, keeps its id whoever signs in on it; only the hash is kept.
    const colleague = await signInOnDevice(api, tablet, 'agent', secret)
    expect(colleague.deviceId).toBe(tablet)
    const [stored] = await api.db
      .select()
      .from(deviceSecrets)
      .where(eq(deviceSecrets.deviceId, tablet))
    expect(stored?.secretHash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(stored)).not.toContain(secret)
  })

  it('signs in an older build that sends no secret on its id, and binds that id to the first secret it is sent with', async () => {
    const tablet = randomUUID()
    const old = await signInOnDevice(api, tablet)
    expect(old.deviceId).toBe(tablet)
    expect((await signInOnDevice(api, tablet)).deviceId).toBe(tablet)
    // The tablet updated: its first sign-in with a secret binds the id it had.
    const secret = deviceSecret()
    expect((await signInOnDevice(api, tablet, 'agent', secret)).deviceId).toBe(tablet)
    expect((await signInOnDevice(api, tablet, 'agent', secret)).deviceId).toBe(tablet)
    expect((await signInOnDevice(api, tablet)).deviceId).not.toBe(tablet)
    const malformed = await api.request('POST', '/user/login', {
      body: { email: old.email, password: goodPassword, device_id: tablet, device_secret: 'short' },
    })
    expect(malformed.status).toBe(400)
    expect(expectShape(errorEnvelopeSchema, malformed.body).invalidFields).toEqual([
      expect.objectContaining({ field: 'device_secret' }),
    ])
  })

  it('binds an id named by two first sign-ins at once to one secret only', async () => {
    const tablet = randomUUID()
    const [first, second] = await Promise.all([
      signInOnDevice(api, tablet, 'agent', deviceSecret()),
      signInOnDevice(api, tablet, 'agent', deviceSecret()),
    ])
    expect([first.deviceId, second.deviceId].filter((id) => id === tablet)).toHaveLength(1)
    expect(first.deviceId).not.toBe(second.deviceId)
  })

  it("lists, in the confirmation of a user's deletion, the tablets where they still hold a credential and the trials waiting there; deleting revokes none", async () => {
    const tablet = await signInOnDevice(api, randomUUID(), 'agent', deviceSecret())
    const signInAgain = async (deviceId: string) => {
      const response = await api.request('POST', '/user/login', {
        body: { email: tablet.email, password: goodPassword, device_id: deviceId },
      })
      return expectShape(dataEnvelope(loginAnswerSchema), response.body).data
    }
    const finishedAt = new Date(api.clock.now().getTime() - 60_000).toISOString()
    const beat = heartbeat({ waiting: 7, oldestWaitingAt: finishedAt })
    expect((await byDevice(api, tablet.credential, 'POST', '/device/heartbeat', beat)).status).toBe(
      200,
    )
    const silent = randomUUID()
    await signInAgain(silent)
    const revoked = randomUUID()
    await signInAgain(revoked)
    const expired = randomUUID()
    await signInAgain(expired)
    await api.db
      .update(deviceCredentials)
      .set({ expiresAt: new Date(api.clock.now().getTime() - 1000) })
      .where(eq(deviceCredentials.deviceId, expired))
    // Another user's tablet is not theirs.
    await signInOnDevice(api, randomUUID())

    const { token } = await admin()
    expect(
      (await api.request('POST', '/device/revoke', { token, body: { id: revoked } })).status,
    ).toBe(200)
    const listed = await api.request('GET', `/user/${tablet.id}/devices`, { token })
    expect(listed.status).toBe(200)
    const devices = expectShape(dataEnvelope(userDeviceListSchema), listed.body).data
    expect(devices.map(({ id, waiting }) => ({ id, waiting }))).toEqual([
      { id: tablet.deviceId, waiting: 7 },
      { id: silent, waiting: null },
    ])
    expect(devices.map((device) => device.lastSeenAt === null)).toEqual([false, true])

    const deleted = await api.request('POST', '/user/delete', { token, body: { id: tablet.id } })
    expect(deleted.status).toBe(200)
    expect((await byDevice(api, tablet.credential, 'POST', '/device/heartbeat', beat)).status).toBe(
      200,
    )
    const unknown = await api.request('GET', `/user/${tablet.id}/devices`, { token })
    expect(unknown.status).toBe(404)
  })

  it('can do nothing but its trials and its heartbeats', async () => {
    const device = await signInOnDevice(api, randomUUID())
    for (const [method, path, body] of [
      ['GET', '/me', undefined],
      ['GET', '/questionnaire/search', undefined],
      ['GET', '/device/search', undefined],
      ['POST', '/customer/form', { customerId: 1, reason: 'info', comment: 'x' }],
    ] as const) {
      const response = await byDevice(api, device.credential, method, path, body)
      expect(response.status, path).toBe(403)
      expect(expectShape(errorEnvelopeSchema, response.body).code).toBe(messages.forbidden.id)
    }
    // A signed-in user's token does not send heartbeats: only a device does.
    const beat = await api.request('POST', '/device/heartbeat', {
      token: device.token,
      body: heartbeat(),
    })
    expect(beat.status).toBe(403)
  })

  it('stops working after 60 days', async () => {
    const store = await createStore(api)
    const device = await signInOnDevice(api, randomUUID())
    api.clock.advance(61 * day)
    const response = await sendTrial(api, device.credential, store.id)
    expect(response.status).toBe(401)
    expect(expectShape(errorEnvelopeSchema, response.body).message).toBe(invalidToken)
  })

  it('refuses a heartbeat the contract does not describe, naming the fields', async () => {
    const device = await signInOnDevice(api, randomUUID())
    const cases: [unknown, string][] = [
      [{ ...heartbeat(), battery: 80 }, 'battery'],
      [heartbeat({ waiting: -1 }), 'waiting'],
      [heartbeat({ appVersion: 'latest' }), 'appVersion'],
      [heartbeat({ oldestWaitingAt: 'yesterday' }), 'oldestWaitingAt'],
      [heartbeat({ images: { cached: 13, total: 12 } }), 'images.cached'],
      [{ ...heartbeat(), storage: { usage: 1, quota: 2 } }, 'storage.persisted'],
    ]
    for (const [body, field] of cases) {
      const response = await byDevice(api, device.credential, 'POST', '/device/heartbeat', body)
      expect(response.status, field).toBe(400)
      const error = expectShape(errorEnvelopeSchema, response.body)
      expect(
        error.invalidFields?.map((invalid) => invalid.field),
        field,
      ).toContain(field)
    }
    const rows = await api.db.select().from(appDevices).where(eq(appDevices.userId, device.id))
    expect(rows).toEqual([])
  })

  it('keeps one row per device, written over by each heartbeat', async () => {
    const deviceId = randomUUID()
    const first = await signInOnDevice(api, deviceId)
    const beat = (credential: string, body: Heartbeat) =>
      byDevice(api, credential, 'POST', '/device/heartbeat', body)
    expect((await beat(first.credential, heartbeat({ waiting: 2 }))).status).toBe(200)
    const second = await signInOnDevice(api, deviceId)
    const finishedAt = new Date(api.clock.now().getTime() - 60_000).toISOString()
    const later = heartbeat({ waiting: 1, failed: 1, oldestWaitingAt: finishedAt })
    expect((await beat(second.credential, later)).status).toBe(200)

    const rows = await api.db.select().from(appDevices).where(eq(appDevices.id, deviceId))
    expect(rows).toHaveLength(1)
    const [row] = (await search({ query: deviceId.slice(0, 13) })).rows
    expect(row).toMatchObject({
      id: deviceId,
      user: { id: second.id },
      waiting: 1,
      failed: 1,
      oldestWaitingAt: finishedAt,
      appVersion: '1.4.0+a1b2c3d',
      storage: { usage: 1_000_000, quota: 100_000_000, persisted: true },
      images: { cached: 12, total: 12 },
      attention: [],
    })
  })

  it('lists the devices that need someone, each with why', async () => {
    const now = api.clock.now().getTime()
    const label = randomUUID().slice(0, 8)
    async function deviceWith(body: Heartbeat) {
      const device = await signInOnDevice(api, randomUUID())
      await api.db
        .update(users)
        .set({ fullname: `Tablet ${label} ${device.id}` })
        .where(eq(users.id, device.id))
      const response = await byDevice(api, device.credential, 'POST', '/device/heartbeat', body)
      expect(response.status).toBe(200)
      return device
    }
    api.config.minAppVersion = '1.4.0+min'
    try {
      const oldTrial = new Date(now - 25 * 60 * 60_000).toISOString()
      const recent = new Date(now - 23 * 60 * 60_000).toISOString()
      const healthy = await deviceWith(heartbeat({ waiting: 1, oldestWaitingAt: recent }))
      const old = await deviceWith(heartbeat({ waiting: 1, oldestWaitingAt: oldTrial }))
      const outdated = await deviceWith(heartbeat({ appVersion: '1.3.10+old' }))
      const upToDate = await deviceWith(heartbeat({ appVersion: '1.4.0+other' }))
      const full = await deviceWith(
        heartbeat({ storage: { usage: 81, quota: 100, persisted: false } }),
      )
      const fourFifths = await deviceWith(
        heartbeat({ storage: { usage: 80, quota: 100, persisted: false } }),
      )
      api.clock.advance(-4 * day)
      const silent = await deviceWith(heartbeat({ needsLogin: 1, oldestWaitingAt: recent }))
      const silentEmpty = await deviceWith(heartbeat())
      api.clock.reset()

      const all = await search({ query: `Tablet ${label}` })
      expect(all.count).toBe(8)
      const listed = await search({ query: `Tablet ${label}`, attention: 'true' })
      const reasons = new Map(listed.rows.map((row) => [row.user.id, row.attention]))
      expect(reasons).toEqual(
        new Map([
          [old.id, ['oldTrials']],
          [outdated.id, ['oldVersion']],
          [full.id, ['storageFull']],
          [silent.id, ['silent']],
        ]),
      )
      for (const fine of [healthy, upToDate, fourFifths, silentEmpty]) {
        expect(reasons.has(fine.id)).toBe(false)
      }
      const { token } = await admin()
      const summary = await api.request('GET', '/device/summary', { token })
      const counts = expectShape(dataEnvelope(deviceSummarySchema), summary.body).data
      expect(counts.trials).toBeGreaterThanOrEqual(3)
      expect(counts.attention).toBeGreaterThanOrEqual(4)
    } finally {
      api.config.minAppVersion = noMinimumAppVersion
    }
  })

  it('takes no minimum as none', async () => {
    const device = await signInOnDevice(api, randomUUID())
    await byDevice(
      api,
      device.credential,
      'POST',
      '/device/heartbeat',
      heartbeat({ appVersion: '0.0.1' }),
    )
    const found = await search({ query: device.fullname, attention: 'true' })
    expect(found.rows).toEqual([])
  })

  it('revokes a device at once, in every process, twice the same, and never a stranger', async () => {
    const deviceId = randomUUID()
    const store = await createStore(api)
    const first = await signInOnDevice(api, deviceId)
    const second = await signInOnDevice(api, deviceId)
    const other = await signInOnDevice(api, randomUUID())
    const another = await api.startAnother()
    expect((await sendTrial(api, first.credential, store.id, another.url)).status).toBe(201)

    const { token } = await admin()
    const revoke = () => api.request('POST', '/device/revoke', { token, body: { id: deviceId } })
    const [once, twice] = [await revoke(), await revoke()]
    expect(once.status).toBe(200)
    expect(twice.status).toBe(200)
    expect(twice.body).toEqual(once.body)

    for (const url of [api.url, another.url]) {
      for (const credential of [first.credential, second.credential]) {
        const refused = await sendTrial(api, credential, store.id, url)
        expect(refused.status).toBe(401)
      }
    }
    expect((await sendTrial(api, other.credential, store.id)).status).toBe(201)
    // Signing in on it again gives it a new credential that works.
    const again = await signInOnDevice(api, deviceId)
    expect((await sendTrial(api, again.credential, store.id)).status).toBe(201)

    const unknown = await api.request('POST', '/device/revoke', {
      token,
      body: { id: randomUUID() },
    })
    expect(unknown.status).toBe(404)
  })

  it('shows the devices to super users and admins only', async () => {
    for (const role of ['manager', 'agent'] as const) {
      const store = role === 'manager' ? await createStore(api) : null
      const { token } = await signedInCaller(api, role, store, 'Devices')
      for (const [method, path, body] of [
        ['GET', '/device/search', undefined],
        ['GET', '/device/summary', undefined],
        ['POST', '/device/revoke', { id: randomUUID() }],
      ] as const) {
        const response = await api.request(method, path, { token, body })
        expect(response.status, `${role} ${path}`).toBe(403)
      }
    }
    const { token } = await signedInCaller(api, 'super', null, 'Devices')
    expect((await api.request('GET', '/device/search', { token })).status).toBe(200)
  })
})
