import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { dataEnvelope, pageSize } from '../../src/contract/http.ts'
import { messages } from '../../src/contract/messages.ts'
import { managedUserListSchema, managedUserSchema } from '../../src/contract/users.ts'
import { users } from '../../server/db/schema/users.ts'
import { expectAdminsOnly, signedIn } from './support/admin-fixtures.ts'
import {
  createStore,
  createUser,
  mailsTo,
  storeLogsOf,
  uniqueWord,
  userRow,
} from './support/fixtures.ts'
import { databases, expectShape, useApi } from './support/harness.ts'
import { administrationMessages } from '../../src/contract/administration-messages.ts'

function newUser(overrides: Record<string, unknown> = {}) {
  return {
    fullname: `Jovana Đorđević ${uniqueWord()}`,
    email: `${uniqueWord('new')}@example.rs`,
    phone: '064 123 4567',
    role: 'agent',
    ...overrides,
  }
}

describe.each(databases)('user administration on $name', (database) => {
  const api = useApi(database)

  function post(path: string, token: string, body: unknown) {
    return api.request('POST', path, { token, body, language: 'sr' })
  }

  it('lets only super users and admins in: anonymous 401, agents and managers 403', async () => {
    const target = await createUser(api)
    const calls = [
      { method: 'GET', path: '/user/search?query=a' },
      { method: 'GET', path: `/user/${target.id}` },
      { method: 'POST', path: '/user/create', body: newUser() },
      { method: 'POST', path: '/user/update', body: { id: target.id, ...newUser() } },
      { method: 'POST', path: '/user/delete', body: { id: target.id } },
      { method: 'POST', path: '/user/managers', body: { email: '', page: 0 } },
    ]
    for (const call of calls) {
      expect(await expectAdminsOnly(api, call), call.path).toEqual({
        anonymous: 401,
        agent: 403,
        manager: 403,
      })
    }
    expect((await userRow(api, target.id)).deletedAt).toBeNull()
    for (const role of ['admin', 'super'] as const) {
      const { token } = await signedIn(api, role)
      const found = await api.request('GET', `/user/${target.id}`, { token })
      expect(found.status).toBe(200)
    }
  })

  it('searches users by name or email, 20 a page, leaving out deleted ones', async () => {
    const admin = await signedIn(api, 'admin')
    const word = uniqueWord('s')
    for (let index = 0; index < pageSize + 1; index += 1) {
      await createUser(api, { role: 'agent' })
    }
    const byName = await post('/user/create', admin.token, newUser({ fullname: `Čedomir ${word}` }))
    expect(byName.status).toBe(201)
    const byEmail = await post(
      '/user/create',
      admin.token,
      newUser({ email: `${word}@example.me` }),
    )
    expect(byEmail.status).toBe(201)
    await createUser(api, { deleted: true })

    const search = async (query: string, page = 1) => {
      const response = await api.request(
        'GET',
        `/user/search?${new URLSearchParams({ query, page: String(page) })}`,
        { token: admin.token },
      )
      expect(response.status).toBe(200)
      return expectShape(dataEnvelope(managedUserListSchema), response.body).data
    }
    const found = await search(word.toUpperCase())
    expect(found.count).toBe(2)
    expect(found.rows.map((row) => row.fullname).sort()).toEqual(
      [`Čedomir ${word}`, expect.any(String)].sort(),
    )
    expect((await search(`cedomir ${word}`)).count).toBe(1)

    const all = await search('')
    expect(all.rows).toHaveLength(pageSize)
    const second = await search('', 2)
    expect(second.count).toBe(all.count)
    const ids = new Set([...all.rows, ...second.rows].map((row) => row.id))
    expect(ids.size).toBe(all.rows.length + second.rows.length)
  })

  it('does not list or find a deleted user', async () => {
    const admin = await signedIn(api, 'admin')
    const deleted = await createUser(api, { deleted: true })
    const search = await api.request('GET', `/user/search?query=${deleted.email}`, {
      token: admin.token,
    })
    expect(expectShape(dataEnvelope(managedUserListSchema), search.body).data.count).toBe(0)
    const one = await api.request('GET', `/user/${deleted.id}`, {
      token: admin.token,
      language: 'en',
    })
    expect(one.status).toBe(404)
    expect(one.body).toMatchObject({ message: messages.notFound.message })
    const bad = await api.request('GET', '/user/abc', { token: admin.token })
    expect(bad.status).toBe(404)
  })

  it('creates a user who gets an invitation, sets a password with its link and signs in', async () => {
    const admin = await signedIn(api, 'admin')
    const form = newUser({ email: `${uniqueWord('Inv')}@Example.RS` })
    const response = await post('/user/create', admin.token, form)
    expect(response.status).toBe(201)
    const body = expectShape(dataEnvelope(managedUserSchema), response.body)
    expect(body.message).toBe('Korisnik je napravljen. Poziv za izbor lozinke je poslat.')
    expect(body.data).toMatchObject({
      role: 'agent',
      fullname: form.fullname,
      email: form.email,
      phone: '0641234567',
      expertStore: null,
      active: false,
    })

    // The mail transport writes the domain in lower case.
    const mails = await mailsTo(api, form.email.replace(/@.*$/, '@example.rs'))
    expect(mails).toHaveLength(1)
    const mail = mails[0]
    expect(mail?.subject).toBe('Vaš Brand Expert nalog')
    expect(mail?.text).toContain(`Zdravo ${form.fullname},`)
    const link = new URL(mail?.link ?? '')
    expect(`${link.origin}${link.pathname}`).toBe('https://brand-expert.test/password-setup')
    const token = link.searchParams.get('token') ?? ''
    const password = 'Nova!Lozinka7'
    const setUp = await api.request('POST', '/user/password', {
      body: { password, confirmPassword: password, token },
    })
    expect(setUp.status).toBe(200)
    const login = await api.request('POST', '/user/login', {
      body: { email: form.email, password },
    })
    expect(login.status).toBe(200)
    const again = await api.request('GET', `/user/${body.data.id}`, { token: admin.token })
    expect(expectShape(dataEnvelope(managedUserSchema), again.body).data.active).toBe(true)
  })

  it('names invalid fields in the request language', async () => {
    const admin = await signedIn(api, 'admin')
    const response = await api.request('POST', '/user/create', {
      token: admin.token,
      body: { fullname: ' ', email: 'someone@gmail.com', phone: '12345', role: 'boss' },
      language: 'me',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: 'Ovo polje je obavezno.',
      invalidFields: [
        { field: 'fullname', message: 'Ovo polje je obavezno.' },
        { field: 'email', message: 'Email nije validan' },
        { field: 'phone', message: 'Telefon mora biti u formatu +3826xxxxxx ili 06xxxxxx' },
        { field: 'role', message: 'Ovo polje je obavezno.' },
      ],
    })
  })

  it('refuses a spoofed name: zero-width characters only as empty, direction controls as such', async () => {
    const admin = await signedIn(api, 'admin')
    const form = newUser()
    for (const [fullname, message] of [
      ['\u200B\u200C\u200D\uFEFF', messages.required],
      // Shown as "Marko Markovićnimda": an admin's name turned around.
      ['Marko Marković\u202Eadmin', messages.bidiControl],
    ] as const) {
      const response = await api.request('POST', '/user/create', {
        token: admin.token,
        body: { ...form, fullname },
        language: 'en',
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({
        invalidFields: [{ field: 'fullname', code: message.id, message: message.message }],
      })
    }
    const stored = await api.db.select().from(users).where(eq(users.email, form.email))
    expect(stored).toEqual([])
  })

  it('takes a phone of any of the three rules in every language, and words the error in it', async () => {
    const admin = await signedIn(api, 'admin')
    const create = (phone: string, language: 'me' | 'sr' | 'en') =>
      api.request('POST', '/user/create', {
        token: admin.token,
        body: newUser({ phone }),
        language,
      })
    // A Serbian, a Montenegrin and an international number, each saved in every language.
    for (const language of ['me', 'sr', 'en'] as const) {
      for (const phone of ['0641234567', '+381641234567', '+38267123456', '+4412345678']) {
        expect((await create(phone, language)).status, `${phone} in ${language}`).toBe(201)
      }
    }
    const en = await create('064 123', 'en')
    expect(en.status).toBe(400)
    expect(en.body).toMatchObject({
      invalidFields: [{ field: 'phone', message: messages.phoneEn.message }],
    })
    const sr = await create('06412345678', 'sr')
    expect(sr.status).toBe(400)
    expect(sr.body).toMatchObject({ invalidFields: [{ field: 'phone' }] })
  })

  it('refuses an email in use, whatever its case, as an invalid field', async () => {
    const admin = await signedIn(api, 'admin')
    const existing = await createUser(api)
    const response = await api.request('POST', '/user/create', {
      token: admin.token,
      body: newUser({ email: existing.email.toUpperCase(), phone: '+1234567890' }),
      language: 'en',
    })
    expect(response.status).toBe(400)
    expect(response.body).toMatchObject({
      message: administrationMessages.emailInUse.message,
      invalidFields: [{ field: 'email', message: administrationMessages.emailInUse.message }],
    })
    const deleted = await createUser(api, { deleted: true })
    const again = await post('/user/create', admin.token, newUser({ email: deleted.email }))
    expect(again.status).toBe(400)
  })

  it('gives a store to managers only, and only an open one', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const archived = await createStore(api, { archived: true })
    const agent = await api.request('POST', '/user/create', {
      token: admin.token,
      body: newUser({ role: 'agent', expertStoreId: store.id, phone: '+1234567890' }),
      language: 'en',
    })
    expect(agent.status).toBe(400)
    expect(agent.body).toMatchObject({
      invalidFields: [
        { field: 'expertStoreId', message: administrationMessages.storeForManagersOnly.message },
      ],
    })
    const closed = await post(
      '/user/create',
      admin.token,
      newUser({ role: 'manager', expertStoreId: archived.id }),
    )
    expect(closed.status).toBe(400)
    expect(closed.body).toMatchObject({ invalidFields: [{ field: 'expertStoreId' }] })
    const manager = await post(
      '/user/create',
      admin.token,
      newUser({ role: 'manager', expertStoreId: store.id }),
    )
    expect(manager.status).toBe(201)
    expect(expectShape(dataEnvelope(managedUserSchema), manager.body).data.expertStore).toEqual({
      id: store.id,
      name: store.name,
    })
  })

  it('updates a user, keeping the email unique', async () => {
    const admin = await signedIn(api, 'admin')
    const target = await createUser(api)
    const other = await createUser(api)
    const form = newUser({ role: 'manager', fullname: 'Marko Marković' })
    const response = await post('/user/update', admin.token, { id: target.id, ...form })
    expect(response.status).toBe(200)
    const body = expectShape(dataEnvelope(managedUserSchema), response.body)
    expect(body).toMatchObject({
      data: { id: target.id, role: 'manager', fullname: 'Marko Marković', email: form.email },
      message: 'Korisnik je sačuvan.',
    })
    const sameEmail = await post('/user/update', admin.token, {
      id: target.id,
      ...form,
      email: form.email.toUpperCase(),
    })
    expect(sameEmail.status).toBe(200)
    const taken = await post('/user/update', admin.token, {
      id: target.id,
      ...form,
      email: other.email,
    })
    expect(taken.status).toBe(400)
    const missing = await post('/user/update', admin.token, { id: 2_000_000_000, ...newUser() })
    expect(missing.status).toBe(404)
  })

  it('closes the open store log when an update takes the store away', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const manager = await signedIn(api, 'manager')
    await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: store.id },
    })
    const response = await post('/user/update', admin.token, {
      id: manager.id,
      ...newUser({ role: 'agent' }),
    })
    expect(response.status).toBe(200)
    expect(expectShape(dataEnvelope(managedUserSchema), response.body).data.expertStore).toBeNull()
    const logs = await storeLogsOf(api, manager.id)
    expect(logs).toHaveLength(1)
    expect(logs[0]?.logoutAt).not.toBeNull()
  })

  it('does not let an admin create, edit, delete or make a super user; a super user may', async () => {
    const admin = await signedIn(api, 'admin')
    const root = await signedIn(api, 'super')
    const superUser = await createUser(api, { role: 'super' })
    const agent = await createUser(api)
    const refused = [
      await post('/user/create', admin.token, newUser({ role: 'super' })),
      await post('/user/update', admin.token, { id: superUser.id, ...newUser({ role: 'agent' }) }),
      await post('/user/update', admin.token, { id: agent.id, ...newUser({ role: 'super' }) }),
      await post('/user/delete', admin.token, { id: superUser.id }),
    ]
    for (const response of refused) {
      expect(response.status).toBe(403)
      expect(response.body).toMatchObject({ message: 'Nemate dozvolu za ovu radnju.' })
    }
    expect((await userRow(api, superUser.id)).deletedAt).toBeNull()
    expect((await userRow(api, agent.id)).role).toBe('agent')

    expect((await post('/user/create', root.token, newUser({ role: 'super' }))).status).toBe(201)
    const promoted = await post('/user/update', root.token, {
      id: agent.id,
      ...newUser({ role: 'admin' }),
    })
    expect(promoted.status).toBe(200)
    expect((await post('/user/delete', root.token, { id: superUser.id })).status).toBe(200)
  })

  it('does not let anyone delete themselves', async () => {
    for (const role of ['admin', 'super'] as const) {
      const user = await signedIn(api, role)
      const response = await api.request('POST', '/user/delete', {
        token: user.token,
        body: { id: user.id },
        language: 'en',
      })
      expect(response.status).toBe(400)
      expect(response.body).toMatchObject({ message: messages.cannotDeleteSelf.message })
      expect((await userRow(api, user.id)).deletedAt).toBeNull()
    }
  })

  it('deletes softly: the row stays, the user is gone and their token refused at once', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const manager = await signedIn(api, 'manager')
    const checkIn = await api.request('POST', '/user/check-in', {
      token: manager.token,
      body: { storeId: store.id },
    })
    expect(checkIn.status).toBe(200)
    const response = await api.request('POST', '/user/delete', {
      token: admin.token,
      body: { id: manager.id },
      language: 'en',
    })
    expect(response.status).toBe(200)
    expect(response.body).toEqual({
      data: null,
      message: administrationMessages.userDeleted.message,
    })
    const row = await userRow(api, manager.id)
    expect(row.deletedAt).not.toBeNull()
    expect(row.expertStoreId).toBeNull()
    const me = await api.request('GET', '/me', { token: manager.token })
    expect(me.status).toBe(401)
    const login = await api.request('POST', '/user/login', {
      body: { email: manager.email, password: manager.password },
    })
    expect(login.status).toBe(401)
    const again = await post('/user/delete', admin.token, { id: manager.id })
    expect(again.status).toBe(404)
  })

  it('lists managers by a part of their email and by store', async () => {
    const admin = await signedIn(api, 'admin')
    const store = await createStore(api)
    const word = uniqueWord('m')
    const created = await post(
      '/user/create',
      admin.token,
      newUser({ role: 'manager', email: `${word}@example.rs`, expertStoreId: store.id }),
    )
    expect(created.status).toBe(201)
    await post(
      '/user/create',
      admin.token,
      newUser({ role: 'agent', email: `${word}a@example.rs` }),
    )
    const other = await createUser(api, { role: 'manager' })

    const list = async (body: unknown) => {
      const response = await post('/user/managers', admin.token, body)
      expect(response.status).toBe(200)
      return expectShape(dataEnvelope(managedUserListSchema), response.body).data
    }
    const byEmail = await list({ email: word.toUpperCase(), page: 0 })
    expect(byEmail.rows.map((row) => row.email)).toEqual([`${word}@example.rs`])
    const byStore = await list({ email: '', page: 1, storeId: store.id })
    expect(byStore.rows.map((row) => row.email)).toEqual([`${word}@example.rs`])
    const all = await list({ email: '', page: 0 })
    expect(all.rows.every((row) => row.role === 'manager')).toBe(true)
    expect(all.count).toBeGreaterThanOrEqual(2)
    expect((await list({ email: other.email, page: 0 })).count).toBe(1)
  })
})
