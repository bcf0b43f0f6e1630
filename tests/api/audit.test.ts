import { asc, gt } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditListSchema, type AuditAction } from '../../src/contract/audit.ts'
import { apiBasePath, appHeader, appId, dataEnvelope } from '../../src/contract/http.ts'
import { issueToken } from '../../server/auth/tokens.ts'
import { auditHead, auditLog } from '../../server/db/schema/audit.ts'
import { signedIn } from './support/admin-fixtures.ts'
import { createCustomer, createVoucher } from './support/customer-fixtures.ts'
import {
  createStore,
  createUser,
  goodPassword,
  openSession,
  signIn,
  uniqueWord,
} from './support/fixtures.ts'
import { databases, expectShape, useApi, type TestApi } from './support/harness.ts'
import { createTrial } from './support/trial-fixtures.ts'

const newPassword = 'Nova!Lozinka9'

/** What a case's act must have written: its one row. */
type Expected = {
  action: AuditAction
  outcome?: 'success' | 'failure' | 'refused'
  actorId: number | null
  actor: string
  target: string
  detail?: string | null
}

/** One audited act: `prepare` makes what it needs (its rows do not count), `act` is the act. */
type Case = {
  name: string
  prepare: (api: TestApi) => Promise<{ act: () => Promise<number>; expected: Expected }>
}

async function newestPosition(api: TestApi): Promise<number> {
  const [head] = await api.db.select().from(auditHead)
  return head?.position ?? 0
}

function userForm() {
  return {
    fullname: `Audit ${uniqueWord()}`,
    email: `${uniqueWord('audit')}@example.rs`,
    phone: '+381641234567',
    role: 'agent' as const,
  }
}

function storeForm() {
  return { name: `Trafika ${uniqueWord()}`, address: 'Knez Mihailova 1', city: 'Beograd' }
}

const cases: Case[] = [
  {
    name: 'a sign-in',
    prepare: async (api) => {
      const user = await createUser(api)
      return {
        act: async () =>
          (
            await api.request('POST', '/user/login', {
              body: { email: user.email, password: user.password },
            })
          ).status,
        expected: {
          action: 'auth.signIn',
          actorId: user.id,
          actor: user.email,
          target: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: 'a failed sign-in',
    prepare: async (api) => {
      const user = await createUser(api)
      return {
        act: async () =>
          (
            await api.request('POST', '/user/login', {
              body: { email: user.email, password: 'Wrong!2345' },
            })
          ).status,
        expected: {
          action: 'auth.signIn',
          outcome: 'failure',
          actorId: null,
          actor: user.email,
          target: `account:${user.email}`,
        },
      }
    },
  },
  {
    name: 'a sign-in refused once locked out',
    prepare: async (api) => {
      const user = await createUser(api)
      const body = { email: user.email, password: 'Wrong!2345' }
      for (let index = 0; index < 5; index += 1) await api.request('POST', '/user/login', { body })
      return {
        act: async () => (await api.request('POST', '/user/login', { body })).status,
        expected: {
          action: 'auth.signIn',
          outcome: 'refused',
          actorId: null,
          actor: user.email,
          target: `account:${user.email}`,
        },
      }
    },
  },
  {
    name: 'a sign-out',
    prepare: async (api) => {
      const user = await createUser(api)
      const session = await openSession(api, user.id)
      return {
        act: async () =>
          (await api.request('POST', '/user/logout', { token: session.token })).status,
        expected: {
          action: 'auth.signOut',
          actorId: user.id,
          actor: user.email,
          target: `session:${session.id}`,
        },
      }
    },
  },
  {
    name: 'a password change',
    prepare: async (api) => {
      const user = await createUser(api)
      const { token } = await openSession(api, user.id)
      const body = {
        currentPassword: goodPassword,
        password: newPassword,
        confirmPassword: newPassword,
      }
      return {
        act: async () =>
          (await api.request('POST', '/user/change-password', { token, body })).status,
        expected: {
          action: 'auth.passwordChange',
          actorId: user.id,
          actor: user.email,
          target: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: 'a password reset',
    prepare: async (api) => {
      const user = await createUser(api)
      const token = await issueToken(api.db, user.id, 'reset', api.clock.now)
      const body = { email: user.email, token, password: newPassword, confirmPassword: newPassword }
      return {
        act: async () => (await api.request('POST', '/user/reset', { body })).status,
        expected: {
          action: 'auth.passwordReset',
          actorId: user.id,
          actor: user.email,
          target: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: 'a first password set',
    prepare: async (api) => {
      const user = await createUser(api, { password: null })
      const token = await issueToken(api.db, user.id, 'setup', api.clock.now)
      const body = { token, password: newPassword, confirmPassword: newPassword }
      return {
        act: async () => (await api.request('POST', '/user/password', { body })).status,
        expected: {
          action: 'auth.passwordSetup',
          actorId: user.id,
          actor: user.email,
          target: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: 'a user created',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const form = userForm()
      let made = 0
      return {
        act: async () => {
          const answer = await api.request('POST', '/user/create', {
            token: admin.token,
            body: form,
          })
          const body = answer.body
          if (typeof body === 'object' && body && 'data' in body) {
            const data: unknown = body.data
            if (typeof data === 'object' && data && 'id' in data && typeof data.id === 'number') {
              made = data.id
            }
          }
          return answer.status
        },
        get expected() {
          return {
            action: 'user.create' as const,
            actorId: admin.id,
            actor: admin.email,
            target: `user:${made}`,
            detail: 'agent',
          }
        },
      }
    },
  },
  {
    name: 'a user updated',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const user = await createUser(api)
      const body = { id: user.id, ...userForm(), email: user.email }
      return {
        act: async () =>
          (await api.request('POST', '/user/update', { token: admin.token, body })).status,
        expected: {
          action: 'user.update',
          actorId: admin.id,
          actor: admin.email,
          target: `user:${user.id}`,
          detail: null,
        },
      }
    },
  },
  {
    name: "a user's role changed",
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const user = await createUser(api)
      const body = { id: user.id, ...userForm(), email: user.email, role: 'admin' }
      return {
        act: async () =>
          (await api.request('POST', '/user/update', { token: admin.token, body })).status,
        expected: {
          action: 'user.roleChange',
          actorId: admin.id,
          actor: admin.email,
          target: `user:${user.id}`,
          detail: 'agent → admin',
        },
      }
    },
  },
  {
    name: 'a user deleted',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const user = await createUser(api)
      return {
        act: async () =>
          (await api.request('POST', '/user/delete', { token: admin.token, body: { id: user.id } }))
            .status,
        expected: {
          action: 'user.delete',
          actorId: admin.id,
          actor: admin.email,
          target: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: 'a store updated',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const store = await createStore(api)
      const body = { id: store.id, ...storeForm(), country: 'RS' }
      return {
        act: async () =>
          (await api.request('POST', '/store/update', { token: admin.token, body })).status,
        expected: {
          action: 'store.update',
          actorId: admin.id,
          actor: admin.email,
          target: `store:${store.id}`,
        },
      }
    },
  },
  {
    name: 'a store deleted',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const store = await createStore(api)
      return {
        act: async () =>
          (
            await api.request('POST', '/store/delete', {
              token: admin.token,
              body: { id: store.id },
            })
          ).status,
        expected: {
          action: 'store.delete',
          actorId: admin.id,
          actor: admin.email,
          target: `store:${store.id}`,
        },
      }
    },
  },
  {
    name: 'a store archived',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const store = await createStore(api)
      const agent = await createUser(api)
      await createTrial(api, { userId: agent.id, storeId: store.id, createdAt: new Date() })
      return {
        act: async () =>
          (
            await api.request('POST', '/store/delete', {
              token: admin.token,
              body: { id: store.id },
            })
          ).status,
        expected: {
          action: 'store.archive',
          actorId: admin.id,
          actor: admin.email,
          target: `store:${store.id}`,
        },
      }
    },
  },
  {
    name: 'a check-in',
    prepare: async (api) => {
      const manager = await signedIn(api, 'manager')
      const store = await createStore(api)
      return {
        act: async () =>
          (
            await api.request('POST', '/user/check-in', {
              token: manager.token,
              body: { storeId: store.id },
            })
          ).status,
        expected: {
          action: 'store.checkIn',
          actorId: manager.id,
          actor: manager.email,
          target: `store:${store.id}`,
        },
      }
    },
  },
  {
    name: 'a check-out',
    prepare: async (api) => {
      const manager = await signedIn(api, 'manager')
      const store = await createStore(api)
      await api.request('POST', '/user/check-in', {
        token: manager.token,
        body: { storeId: store.id },
      })
      return {
        act: async () =>
          (await api.request('POST', '/user/check-out', { token: manager.token, body: {} })).status,
        expected: {
          action: 'store.checkOut',
          actorId: manager.id,
          actor: manager.email,
          target: `user:${manager.id}`,
        },
      }
    },
  },
  {
    name: 'a voucher redeemed',
    prepare: async (api) => {
      const store = await createStore(api)
      const manager = await signedIn(api, 'manager', { expertStoreId: store.id })
      const [voucher, customer] = await Promise.all([createVoucher(api), createCustomer(api)])
      return {
        act: async () =>
          (
            await api.request('POST', '/voucher/submit', {
              token: manager.token,
              body: { code: voucher.code, customerId: customer.id, storeId: store.id },
            })
          ).status,
        expected: {
          action: 'voucher.redeem',
          actorId: manager.id,
          actor: manager.email,
          target: `voucher:${voucher.id}`,
          detail: `customer:${customer.id}`,
        },
      }
    },
  },
  {
    name: 'a report exported',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const body = { type: 'vouchers', format: 'csv', startAt: '2026-01-01', endAt: '2026-01-31' }
      return {
        // The answer is the file, not JSON: read to its end as a browser does.
        act: async () => {
          const answer = await fetch(`${api.url}${apiBasePath}/report/generate`, {
            method: 'POST',
            headers: {
              [appHeader]: appId,
              Authorization: `Bearer ${admin.token}`,
              'Content-Type': 'application/json',
            },
            body: JSON.stringify(body),
          })
          await answer.text()
          return answer.status
        },
        expected: {
          action: 'report.export',
          actorId: admin.id,
          actor: admin.email,
          target: 'report:vouchers',
          detail: '2026-01-01..2026-01-31 csv',
        },
      }
    },
  },
  {
    name: 'a session revoked',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const user = await createUser(api)
      const session = await openSession(api, user.id)
      return {
        act: async () =>
          (
            await api.request('POST', '/user/session/revoke', {
              token: admin.token,
              body: { id: session.id },
            })
          ).status,
        expected: {
          action: 'session.revoke',
          actorId: admin.id,
          actor: admin.email,
          target: `session:${session.id}`,
          detail: `user:${user.id}`,
        },
      }
    },
  },
  {
    name: "a customer's profile opened (by the customer's id, never their contacts)",
    prepare: async (api) => {
      const store = await createStore(api)
      const manager = await signedIn(api, 'manager', { expertStoreId: store.id })
      const customer = await createCustomer(api)
      return {
        act: async () =>
          (await api.request('GET', `/customer/${customer.id}`, { token: manager.token })).status,
        expected: {
          action: 'customer.read',
          actorId: manager.id,
          actor: manager.email,
          target: `customer:${customer.id}`,
          detail: null,
        },
      }
    },
  },
  {
    name: 'a device revoked (twice: the second revokes nothing)',
    prepare: async (api) => {
      const admin = await signedIn(api, 'admin')
      const user = await createUser(api)
      const deviceId = crypto.randomUUID()
      const signIn = await api.request('POST', '/user/login', {
        body: { email: user.email, password: goodPassword, device_id: deviceId },
      })
      expect(signIn.status).toBe(200)
      const revoke = () =>
        api.request('POST', '/device/revoke', { token: admin.token, body: { id: deviceId } })
      return {
        act: async () => {
          expect((await revoke()).status).toBe(200)
          return (await revoke()).status
        },
        expected: {
          action: 'device.revoke',
          actorId: admin.id,
          actor: admin.email,
          target: `device:${deviceId}`,
        },
      }
    },
  },
]

describe.each(databases)('the audit log on $name', (database) => {
  const api = useApi(database)

  it.each(cases)('records $name in exactly one row', async ({ prepare }) => {
    const prepared = await prepare(api)
    const before = await newestPosition(api)
    const status = await prepared.act()
    expect(status).toBeLessThan(500)
    const rows = await api.db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, before))
      .orderBy(asc(auditLog.id))
    const { expected } = prepared
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({
      action: expected.action,
      outcome: expected.outcome ?? 'success',
      actorId: expected.actorId,
      actor: expected.actor,
      target: expected.target,
      ...(expected.detail === undefined ? {} : { detail: expected.detail }),
    })
    expect(rows[0]?.clientAddress).toMatch(/^(::ffff:)?127\.0\.0\.1$|^::1$/)
    // Never a secret: no password tried or set, no token.
    const written = JSON.stringify(rows)
    for (const secret of [goodPassword, newPassword, 'Wrong!2345']) {
      expect(written).not.toContain(secret)
    }
  })

  it('records the same act again under the same Idempotency-Key once', async () => {
    const admin = await signedIn(api, 'admin')
    const before = await newestPosition(api)
    const key = crypto.randomUUID()
    const body = { ...storeForm(), country: 'RS' }
    const send = () =>
      api.request('POST', '/store/create', {
        token: admin.token,
        body,
        headers: { 'Idempotency-Key': key },
      })
    expect((await send()).status).toBe(201)
    expect((await send()).status).toBe(201)
    const rows = await api.db.select().from(auditLog).where(gt(auditLog.id, before))
    expect(rows.map((row) => row.action)).toEqual(['store.create'])
  })

  it('lets admins and super users search it, by action, text and days', async () => {
    const admin = await signedIn(api, 'admin')
    const user = await createUser(api)
    await signIn(api, user)
    const search = async (query: string) => {
      const answer = await api.request('GET', `/audit/search?${query}`, { token: admin.token })
      expect(answer.status).toBe(200)
      return expectShape(dataEnvelope(auditListSchema), answer.body).data
    }
    const found = await search(`query=${encodeURIComponent(user.email)}&action=auth.signIn`)
    expect(found.count).toBe(1)
    expect(found.rows[0]).toMatchObject({ actor: user.email, action: 'auth.signIn', role: 'agent' })
    // The stores' day (the server's TIME_ZONE), which is not UTC's for an hour or two each night.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: api.config.timeZone }).format(
      api.clock.now(),
    )
    expect((await search(`query=${user.email}&startAt=${today}&endAt=${today}`)).count).toBe(1)
    expect((await search(`query=${user.email}&endAt=2020-01-01`)).count).toBe(0)
    expect((await search(`query=${user.email}&action=user.delete`)).count).toBe(0)
    const newestFirst = await search('')
    const ids = newestFirst.rows.map((row) => row.id)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    const agent = await signedIn(api, 'agent')
    expect((await api.request('GET', '/audit/search', { token: agent.token })).status).toBe(403)
    const refused = await api.request('GET', '/audit/search?action=nothing', { token: admin.token })
    expect(refused.status).toBe(400)
  })

  it('offers no way to change or remove a row', async () => {
    const { endpointTable } = await import('../../src/contract/endpoints/all.ts')
    const auditEndpoints = endpointTable.filter(({ entry }) => entry.path.startsWith('/audit'))
    expect(auditEndpoints.map(({ entry }) => entry.method)).toEqual(['GET', 'GET'])
  })
})
