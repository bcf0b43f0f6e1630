import { randomBytes, randomUUID } from 'node:crypto'
import { and, desc, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { loginAnswerSchema } from '../../src/contract/auth.ts'
import {
  deviceActionCancelledSchema,
  deviceActionIssuedSchema,
} from '../../src/contract/device-actions.ts'
import { deviceListSchema, fleetSchema } from '../../src/contract/device-admin.ts'
import {
  deliveredActionSchema,
  type DeliveredAction,
} from '../../src/contract/delivered-actions.ts'
import { heartbeatAnswerSchema, type Heartbeat } from '../../src/contract/devices.ts'
import { dataEnvelope, errorEnvelopeSchema } from '../../src/contract/http.ts'
import { auditLog } from '../../server/db/schema/audit.ts'
import { contentEditions } from '../../server/db/schema/content-editions.ts'
import { createEdition } from './support/content-fixtures.ts'
import { createUser, goodPassword, signedInCaller } from './support/fixtures.ts'
import { callApi, databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { heartbeat } from './support/device-fixtures.ts'

const day = 24 * 60 * 60_000

/** Signs a new user of the role in on a device: their device credential and the device's id. */
async function signInOnDevice(api: TestApi, deviceId: string, role: 'agent' | 'manager' = 'agent') {
  const user = await createUser(api, { role })
  const response = await api.request('POST', '/user/login', {
    body: {
      email: user.email,
      password: goodPassword,
      device_id: deviceId,
      device_secret: randomBytes(32).toString('base64url'),
    },
  })
  expect(response.status).toBe(200)
  const { data } = expectShape(dataEnvelope(loginAnswerSchema), response.body)
  if (!data.device_credential || !data.device_id) throw new Error('no device credential')
  return {
    ...user,
    token: data.token,
    credential: data.device_credential,
    deviceId: data.device_id,
  }
}

/** The delivered actions without their `issuedAt`, which the server's clock sets. */
function untimed(actions: readonly DeliveredAction[]) {
  return actions.map(({ issuedAt: _issuedAt, ...action }) => action)
}

describe.each(databases)('remote actions on tablets on $name', (database) => {
  const api = useApi(database)

  const admin = () => signedInCaller(api, 'admin', null, 'Actions')

  async function answerTo(credential: string, body: Heartbeat = heartbeat()) {
    const response = await callApi(api.url, 'POST', '/device/heartbeat', {
      body,
      language: 'en',
      headers: { Authorization: `Device ${credential}` },
    })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(heartbeatAnswerSchema), response.body).data
  }

  async function beat(credential: string, body: Heartbeat = heartbeat()) {
    const { actions } = await answerTo(credential, body)
    return actions.map((action) => expectShape(deliveredActionSchema, action))
  }

  async function fleetOf(token: string) {
    const response = await api.request('GET', '/device/fleet', { token })
    expect(response.status).toBe(200)
    return expectShape(dataEnvelope(fleetSchema), response.body).data
  }

  async function issue(token: string, body: Record<string, unknown>, key = randomUUID()) {
    return api.request('POST', '/device/action', {
      token,
      body,
      headers: { 'Idempotency-Key': key },
    })
  }

  async function issued(token: string, body: Record<string, unknown>) {
    const response = await issue(token, body)
    expect(response.status).toBe(201)
    return expectShape(dataEnvelope(deviceActionIssuedSchema), response.body).data.id
  }

  async function cancel(token: string, id: number, key = randomUUID()) {
    return api.request('POST', '/device/action/cancel', {
      token,
      body: { id },
      headers: { 'Idempotency-Key': key },
    })
  }

  async function rowOf(token: string, deviceId: string) {
    const response = await api.request('GET', `/device/search?query=${deviceId}`, { token })
    expect(response.status).toBe(200)
    const [row] = expectShape(dataEnvelope(deviceListSchema), response.body).data.rows
    if (!row) throw new Error(`no row for ${deviceId}`)
    return row
  }

  async function auditOf(deviceId: string) {
    return api.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.target, `device:${deviceId}`), like(auditLog.action, 'device.action%')),
      )
      .orderBy(desc(auditLog.id))
  }

  it('delivers an action with every heartbeat until the tablet acknowledges it, then never again', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    expect(await beat(tablet.credential)).toEqual([])
    const id = await issued(token, { deviceId: tablet.deviceId, action: 'update' })
    expect((await rowOf(token, tablet.deviceId)).actions).toEqual([
      expect.objectContaining({ id, action: 'update', state: 'waiting', deliveredAt: null }),
    ])

    const first = await beat(tablet.credential)
    expect(untimed(first)).toEqual([{ id, action: 'update' }])
    expect(Date.parse(first[0]?.issuedAt ?? '')).not.toBeNaN()
    // The answer may be lost on its way: the next heartbeat carries it again.
    expect(await beat(tablet.credential)).toEqual(first)
    const delivered = (await rowOf(token, tablet.deviceId)).actions[0]
    expect(delivered?.state).toBe('waiting')
    expect(Date.parse(delivered?.deliveredAt ?? '')).not.toBeNaN()

    const at = api.clock.now().toISOString()
    const done = [{ id, at, result: 'done' as const }]
    expect(await beat(tablet.credential, heartbeat({ done }))).toEqual([])
    // The same acknowledgement again (the tablet did not get the answer) changes nothing.
    expect(await beat(tablet.credential, heartbeat({ done }))).toEqual([])
    const [row] = (await rowOf(token, tablet.deviceId)).actions
    expect(row).toMatchObject({ id, state: 'done', endedAt: at, detail: null })
    const audited = await auditOf(tablet.deviceId)
    expect(audited.map((entry) => [entry.action, entry.detail, entry.outcome])).toEqual([
      ['device.actionDone', `action ${id} update`, 'success'],
      ['device.action', `action ${id} update`, 'success'],
    ])
    expect(audited[0]?.actorId).toBe(tablet.id)
  })

  it('records a failure with its reason, and carries each kind with its own fields', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    const message = 'Please come to the office to collect the new stand'
    const ids = {
      wipe: await issued(token, { deviceId: tablet.deviceId, action: 'wipe', lost: true }),
      signOut: await issued(token, {
        deviceId: tablet.deviceId,
        action: 'sign-out',
        userId: tablet.id,
      }),
      message: await issued(token, { deviceId: tablet.deviceId, action: 'message', text: message }),
      refresh: await issued(token, { deviceId: tablet.deviceId, action: 'refresh' }),
    }
    expect(untimed(await beat(tablet.credential))).toEqual([
      { id: ids.wipe, action: 'wipe', lost: true },
      { id: ids.signOut, action: 'sign-out', userId: tablet.id },
      { id: ids.message, action: 'message', text: message },
      { id: ids.refresh, action: 'refresh' },
    ])
    const at = api.clock.now().toISOString()
    const left = await beat(
      tablet.credential,
      heartbeat({
        done: [{ id: ids.refresh, at, result: 'failed', detail: 'no connection to the catalogue' }],
      }),
    )
    expect(left.map((action) => action.id)).toEqual([ids.wipe, ids.signOut, ids.message])
    const row = await rowOf(token, tablet.deviceId)
    expect(row.actions[0]).toMatchObject({
      id: ids.refresh,
      state: 'failed',
      detail: 'no connection to the catalogue',
    })
    expect(row.actions.find((action) => action.id === ids.signOut)?.user).toEqual({
      id: tablet.id,
      fullname: tablet.fullname,
    })
    expect(row.people).toEqual([{ id: tablet.id, fullname: tablet.fullname }])
    const audited = await auditOf(tablet.deviceId)
    expect(audited[0]).toMatchObject({
      action: 'device.actionDone',
      outcome: 'failure',
      detail: `action ${ids.refresh} refresh`,
    })
    // The audit holds ids and kinds, never a message's text nor the tablet's words.
    const details = audited.map((entry) => entry.detail).join('\n')
    expect(details).toContain(`action ${ids.wipe} wipe lost`)
    expect(details).toContain(`action ${ids.signOut} sign-out user:${tablet.id}`)
    expect(details).not.toContain('office')
    expect(details).not.toContain('catalogue')
  })

  it('shows the last five actions, the newest first', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    await beat(tablet.credential)
    const ids: number[] = []
    for (let index = 0; index < 7; index += 1) {
      ids.push(await issued(token, { deviceId: tablet.deviceId, action: 'refresh' }))
      api.clock.advance(1000)
    }
    const row = await rowOf(token, tablet.deviceId)
    expect(row.actions.map((action) => action.id)).toEqual(ids.slice(2).reverse())
  })

  it('expires a waiting action after 30 days, a wipe never; a late acknowledgement of one delivered counts', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    const update = await issued(token, { deviceId: tablet.deviceId, action: 'update' })
    const wipe = await issued(token, { deviceId: tablet.deviceId, action: 'wipe' })
    const message = await issued(token, {
      deviceId: tablet.deviceId,
      action: 'message',
      text: 'Hi',
    })
    // The message reaches the tablet; the others wait for a tablet away for a month.
    expect((await beat(tablet.credential)).map((action) => action.id)).toEqual([
      update,
      wipe,
      message,
    ])
    api.clock.advance(31 * day)
    const { token: later } = await admin()
    const row = await rowOf(later, tablet.deviceId)
    const states = Object.fromEntries(row.actions.map((action) => [action.id, action.state]))
    expect(states).toEqual({ [update]: 'expired', [wipe]: 'waiting', [message]: 'expired' })
    const expired = (await cancel(later, update)).status
    expect(expired).toBe(409)
    // The tablet was given the message before it expired, and says it was read: that counts.
    const at = api.clock.now().toISOString()
    const left = await beat(
      tablet.credential,
      heartbeat({ done: [{ id: message, at, result: 'done' }] }),
    )
    expect(left.map((action) => action.id)).toEqual([wipe])
    const after = await rowOf(later, tablet.deviceId)
    expect(after.actions.find((action) => action.id === message)?.state).toBe('done')
  })

  it('cancels a waiting action once, and it is not delivered any more; an ended one is 409', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    const id = await issued(token, { deviceId: tablet.deviceId, action: 'wipe' })
    expect((await beat(tablet.credential)).map((action) => action.id)).toEqual([id])
    const key = randomUUID()
    const first = await cancel(token, id, key)
    expect(first.status).toBe(200)
    expect(expectShape(dataEnvelope(deviceActionCancelledSchema), first.body).data).toEqual({
      id,
      state: 'cancelled',
    })
    const replayed = await cancel(token, id, key)
    expect(replayed.status).toBe(200)
    expect(replayed.headers.get('Idempotent-Replayed')).toBe('true')
    const again = await cancel(token, id)
    expect(again.status).toBe(409)
    expect(expectShape(errorEnvelopeSchema, again.body).code).toBe('device.actionNotWaiting')
    expect(await beat(tablet.credential)).toEqual([])
    // A tablet that acted before it heard of the cancel: its acknowledgement changes nothing.
    const at = api.clock.now().toISOString()
    await beat(tablet.credential, heartbeat({ done: [{ id, at, result: 'done' }] }))
    expect((await rowOf(token, tablet.deviceId)).actions[0]).toMatchObject({
      state: 'cancelled',
    })
    const missing = await cancel(token, 2_000_000_000)
    expect(missing.status).toBe(404)
    const audited = await auditOf(tablet.deviceId)
    expect(audited.map((entry) => [entry.action, entry.detail])).toEqual([
      ['device.actionCancel', `action ${id} wipe`],
      ['device.action', `action ${id} wipe`],
    ])
  })

  it('issues once per Idempotency-Key, and refuses what does not fit the action', async () => {
    const { token } = await admin()
    const tablet = await signInOnDevice(api, randomUUID())
    await beat(tablet.credential)
    const key = randomUUID()
    const body = { deviceId: tablet.deviceId, action: 'refresh' }
    const [first, second] = [await issue(token, body, key), await issue(token, body, key)]
    expect(first.status).toBe(201)
    expect(second.status).toBe(201)
    expect(second.body).toEqual(first.body)
    expect(second.headers.get('Idempotent-Replayed')).toBe('true')
    expect((await rowOf(token, tablet.deviceId)).actions).toHaveLength(1)
    expect((await auditOf(tablet.deviceId)).length).toBe(1)

    const invalid: Record<string, unknown>[] = [
      { deviceId: tablet.deviceId, action: 'sign-out' },
      { deviceId: tablet.deviceId, action: 'message' },
      { deviceId: tablet.deviceId, action: 'message', text: '   ' },
      { deviceId: tablet.deviceId, action: 'message', text: 'x'.repeat(501) },
      { deviceId: tablet.deviceId, action: 'update', lost: true },
      { deviceId: tablet.deviceId, action: 'refresh', text: 'hello' },
      { deviceId: tablet.deviceId, action: 'reboot' },
      { deviceId: 'tablet-7', action: 'update' },
    ]
    for (const wrong of invalid)
      expect((await issue(token, wrong)).status, JSON.stringify(wrong)).toBe(400)

    const unknown = await issue(token, { deviceId: randomUUID(), action: 'update' })
    expect(unknown.status).toBe(404)
    expect(expectShape(errorEnvelopeSchema, unknown.body).code).toBe('device.notFound')
    const stranger = await createUser(api)
    const notHere = await issue(token, {
      deviceId: tablet.deviceId,
      action: 'sign-out',
      userId: stranger.id,
    })
    expect(notHere.status).toBe(400)
    expect(expectShape(errorEnvelopeSchema, notHere.body).code).toBe('device.actionUserNotOnDevice')
  })

  it('lets only admins and super users issue and cancel, and only the tablet acknowledge its own', async () => {
    const tablet = await signInOnDevice(api, randomUUID())
    const other = await signInOnDevice(api, randomUUID())
    const body = { deviceId: tablet.deviceId, action: 'update' }
    for (const role of ['manager', 'agent'] as const) {
      const caller = await signedInCaller(api, role, null)
      expect((await issue(caller.token, body)).status).toBe(403)
    }
    const byDevice = await callApi(api.url, 'POST', '/device/action', {
      body,
      language: 'en',
      headers: { Authorization: `Device ${tablet.credential}` },
    })
    expect(byDevice.status).toBe(403)
    const superUser = await signedInCaller(api, 'super', null)
    const id = await issued(superUser.token, body)
    const manager = await signedInCaller(api, 'manager', null)
    expect((await cancel(manager.token, id)).status).toBe(403)

    expect((await beat(tablet.credential)).map((action) => action.id)).toEqual([id])
    // Another tablet's credential acknowledging it is ignored: it still waits, and is delivered.
    expect(await beat(other.credential)).toEqual([])
    const at = api.clock.now().toISOString()
    await beat(other.credential, heartbeat({ done: [{ id, at, result: 'done' }] }))
    expect((await beat(tablet.credential)).map((action) => action.id)).toEqual([id])
    expect((await auditOf(tablet.deviceId)).map((entry) => entry.action)).toEqual(['device.action'])
    // A user's own token cannot send a heartbeat at all.
    const asUser = await api.request('POST', '/device/heartbeat', {
      token: tablet.token,
      body: heartbeat({ done: [{ id, at, result: 'done' }] }),
    })
    expect(asUser.status).toBe(403)
  })

  it('takes the heartbeat of older builds, without done nor contentEdition, and refuses unknown fields', async () => {
    const tablet = await signInOnDevice(api, randomUUID())
    expect(await beat(tablet.credential)).toEqual([])
    expect(await beat(tablet.credential, heartbeat({ contentEdition: 3 }))).toEqual([])
    expect(await beat(tablet.credential, heartbeat({ contentEdition: null, done: [] }))).toEqual([])
    for (const wrong of [
      { ...heartbeat(), edition: 3 },
      { ...heartbeat(), contentEdition: -1 },
      { ...heartbeat(), done: [{ id: 1, at: 'yesterday', result: 'done' }] },
      { ...heartbeat(), done: [{ id: 1, at: new Date().toISOString(), result: 'maybe' }] },
      { ...heartbeat(), done: [{ id: 1, at: new Date().toISOString(), result: 'done', extra: 1 }] },
    ]) {
      const response = await callApi(api.url, 'POST', '/device/heartbeat', {
        body: wrong,
        language: 'en',
        headers: { Authorization: `Device ${tablet.credential}` },
      })
      expect(response.status, JSON.stringify(wrong)).toBe(400)
    }
  })

  it("opens with the fleet's figures, each listing the tablets behind it", async () => {
    const { token } = await admin()
    const fleet = () => fleetOf(token)
    const before = await fleet()
    const now = api.clock.now().getTime()
    const hour = 60 * 60_000
    const latest = before.latestVersion
    const current = await signInOnDevice(api, randomUUID())
    await beat(current.credential, heartbeat({ appVersion: latest }))
    const old = await signInOnDevice(api, randomUUID())
    const oldestAt = new Date(now - 50 * hour).toISOString()
    await beat(
      old.credential,
      heartbeat({ appVersion: '0.0.1+old', waiting: 2, oldestWaitingAt: oldestAt }),
    )
    const full = await signInOnDevice(api, randomUUID())
    await beat(
      full.credential,
      heartbeat({
        appVersion: latest,
        storage: { usage: 90, quota: 100, persisted: false },
        waiting: 1,
        oldestWaitingAt: new Date(now - hour).toISOString(),
      }),
    )
    const after = await fleet()
    expect(after.devices - before.devices).toBe(3)
    expect(after.onLatest - before.onLatest).toBe(2)
    expect(after.unsent.devices - before.unsent.devices).toBe(2)
    expect(after.storage - before.storage).toBe(1)
    if (before.unsent.worstAt === null || before.unsent.worstAt > oldestAt) {
      expect(after.unsent.worstAt).toBe(oldestAt)
    }
    expect(after.unsent.p95At).not.toBe(null)

    let caller = token
    const listed = async (figure: string) => {
      const response = await api.request('GET', `/device/search?figure=${figure}`, {
        token: caller,
      })
      expect(response.status).toBe(200)
      const ids = expectShape(dataEnvelope(deviceListSchema), response.body).data.rows.map(
        (row) => row.id,
      )
      return [current.deviceId, old.deviceId, full.deviceId].filter((id) => ids.includes(id))
    }
    expect(await listed('notLatest')).toEqual([old.deviceId])
    expect(await listed('unsent')).toEqual([old.deviceId, full.deviceId])
    expect(await listed('storage')).toEqual([full.deviceId])
    expect(await listed('silent')).toEqual([])
    api.clock.advance(25 * hour)
    caller = (await admin()).token
    await beat(current.credential, heartbeat({ appVersion: latest }))
    expect(await listed('silent')).toEqual([old.deviceId, full.deviceId])
    // A revoked tablet is out of the figures.
    await api.request('POST', '/device/revoke', { token: caller, body: { id: old.deviceId } })
    expect(await listed('notLatest')).toEqual([])
  })

  it("shows each tablet's content edition, counts and lists those not on the one in use, a scheduled one due counting, and answers it to the heartbeat", async () => {
    const { token } = await admin()
    /** A scheduled edition whose time comes in a minute; the clock is then moved past it. */
    const publishedByTime = async () => {
      const { id } = await createEdition(api, 'scheduled')
      await api.db
        .update(contentEditions)
        .set({ publishAt: new Date(api.clock.now().getTime() + 60_000) })
        .where(eq(contentEditions.id, id))
      api.clock.advance(2 * 60_000)
      return id
    }
    const first = await publishedByTime()
    // The fleet's read publishes it.
    const before = await fleetOf(token)
    expect(before.contentEdition?.id).toBe(first)

    const onIt = await signInOnDevice(api, randomUUID())
    const behind = await signInOnDevice(api, randomUUID())
    const none = await signInOnDevice(api, randomUUID())
    expect(
      (await answerTo(onIt.credential, heartbeat({ contentEdition: first }))).contentEdition,
    ).toBe(first)
    await beat(behind.credential, heartbeat({ contentEdition: 1 }))
    await beat(none.credential, heartbeat({ contentEdition: null }))
    expect((await rowOf(token, onIt.deviceId)).contentEdition).toBe(first)
    expect((await rowOf(token, behind.deviceId)).contentEdition).toBe(1)
    expect((await rowOf(token, none.deviceId)).contentEdition).toBe(null)

    const after = await fleetOf(token)
    expect(after.devices - before.devices).toBe(3)
    expect(after.contentEdition).toEqual({ id: first, on: (before.contentEdition?.on ?? 0) + 1 })
    const notOnIt = async () => {
      const listed: string[] = []
      for (const { deviceId } of [onIt, behind, none]) {
        const response = await api.request(
          'GET',
          `/device/search?figure=notCurrentEdition&query=${deviceId}`,
          { token },
        )
        expect(response.status).toBe(200)
        const { rows } = expectShape(dataEnvelope(deviceListSchema), response.body).data
        if (rows.some((row) => row.id === deviceId)) listed.push(deviceId)
      }
      return listed
    }
    expect(await notOnIt()).toEqual([behind.deviceId, none.deviceId])

    // The next one, due without a read of the editions: the heartbeat's answer names it.
    const second = await publishedByTime()
    expect(
      (await answerTo(behind.credential, heartbeat({ contentEdition: 1 }))).contentEdition,
    ).toBe(second)
    expect(await notOnIt()).toEqual([onIt.deviceId, behind.deviceId, none.deviceId])
    expect((await fleetOf(token)).contentEdition?.id).toBe(second)
  })
})
