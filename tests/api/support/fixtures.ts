import { randomBytes } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import { sessionSchema } from '../../../src/contract/auth.ts'
import { dataEnvelope } from '../../../src/contract/http.ts'
import type { Role } from '../../../src/contract/roles.ts'
import type { countries } from '../../../src/contract/stores.ts'
import { sessionLifetime, signToken } from '../../../server/auth/jwt.ts'
import { hashPassword } from '../../../server/auth/password.ts'
import { startSession } from '../../../server/auth/sessions.ts'
import { storeLogs } from '../../../server/db/schema/store-logs.ts'
import { stores } from '../../../server/db/schema/stores.ts'
import { users } from '../../../server/db/schema/users.ts'
import { expectShape, type TestApi } from './harness.ts'

export const goodPassword = 'Tajna!2345'

export function uniqueWord(prefix = 'x'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`
}

export type TestUser = { id: number; email: string; password: string; fullname: string }

/** A user made straight in the database; `password: null` is an invited user. */
export async function createUser(
  api: TestApi,
  options: {
    role?: Role
    password?: string | null
    expertStoreId?: number
    deleted?: boolean
  } = {},
): Promise<TestUser> {
  const role = options.role ?? 'agent'
  const password = options.password === undefined ? goodPassword : options.password
  const email = `${uniqueWord(role)}@example.rs`
  const fullname = `Test ${role} ${email.slice(0, 8)}`
  const [row] = await api.db
    .insert(users)
    .values({
      role,
      fullname,
      email,
      phone: null,
      passwordHash: password === null ? null : await hashPassword(password),
      expertStoreId: options.expertStoreId ?? null,
      deletedAt: options.deleted ? api.clock.now() : null,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('no user inserted')
  return { id: row.id, email, password: password ?? '', fullname }
}

export type TestStore = { id: number; name: string; address: string; city: string }

let goodPasswordHash: Promise<string> | undefined

/**
 * A user of a role straight in the database, with `goodPassword` hashed once per file (the
 * generated matrices make hundreds); `label` starts the name, for a search to find them.
 */
export async function userOfRole(
  api: TestApi,
  role: Role,
  options: { store?: TestStore; invited?: boolean; label?: string } = {},
) {
  goodPasswordHash ??= hashPassword(goodPassword)
  const email = `${uniqueWord(role)}@example.rs`
  const [row] = await api.db
    .insert(users)
    .values({
      role,
      fullname: `${options.label ?? 'Test'} ${role} ${email.slice(0, 8)}`,
      email,
      phone: null,
      passwordHash: options.invited ? null : await goodPasswordHash,
      expertStoreId: options.store?.id ?? null,
    })
    .returning({ id: users.id })
  if (!row) throw new Error('no user inserted')
  return { id: row.id, role, email }
}

export type Caller = {
  id: number
  role: Role
  email: string
  token: string
  store: TestStore | null
}

/** A fresh user of a role with a token; a manager with a store is checked in to it. */
export async function signedInCaller(
  api: TestApi,
  role: Role,
  store: TestStore | null,
  label?: string,
): Promise<Caller> {
  const user = await userOfRole(api, role, {
    ...(store ? { store } : {}),
    ...(label ? { label } : {}),
  })
  const now = api.clock.now()
  if (store)
    await api.db.insert(storeLogs).values({ userId: user.id, storeId: store.id, loginAt: now })
  const { token } = await openSession(api, user.id)
  return { ...user, token, store }
}

/**
 * A session of a user started straight in the database (as a sign-in starts one, without its
 * audit row) and its token: its id, to end or revoke it.
 */
export async function openSession(
  api: TestApi,
  userId: number,
  values: { clientAddress?: string; userAgent?: string } = {},
): Promise<{ id: string; token: string }> {
  const now = api.clock.now()
  const id = await startSession(api.db, {
    userId,
    remembered: false,
    lifetime: sessionLifetime,
    clientAddress: values.clientAddress ?? '127.0.0.1',
    userAgent: values.userAgent ?? 'test',
    now,
  })
  return { id, token: await signToken(userId, id, sessionLifetime, api.config.jwtSecret, now) }
}

export async function createStore(
  api: TestApi,
  values: {
    name?: string
    address?: string
    city?: string
    country?: (typeof countries)[number]
    archived?: boolean
  } = {},
): Promise<TestStore> {
  const [row] = await api.db
    .insert(stores)
    .values({
      name: values.name ?? `Trafika ${uniqueWord()}`,
      address: values.address ?? 'Njegoševa 1',
      city: values.city ?? 'Beograd',
      country: values.country ?? 'RS',
      archivedAt: values.archived ? api.clock.now() : null,
    })
    .returning({ id: stores.id, name: stores.name, address: stores.address, city: stores.city })
  if (!row) throw new Error('no store inserted')
  return row
}

/** Signs in over the API and answers the token. */
export async function signIn(
  api: TestApi,
  user: { email: string; password: string },
  rememberMe?: boolean,
): Promise<string> {
  const response = await api.request('POST', '/user/login', {
    body: { email: user.email, password: user.password, remember_me: rememberMe },
  })
  expect(response.status).toBe(200)
  return expectShape(dataEnvelope(sessionSchema), response.body).data.token
}

export async function userRow(api: TestApi, id: number) {
  const [row] = await api.db.select().from(users).where(eq(users.id, id))
  if (!row) throw new Error(`no user ${id}`)
  return row
}

export function storeLogsOf(api: TestApi, userId: number) {
  return api.db.select().from(storeLogs).where(eq(storeLogs.userId, userId)).orderBy(storeLogs.id)
}

export type ReceivedMail = { to: string; subject: string; text: string; link: string | undefined }

function decodeQuotedPrintable(text: string): string {
  const latin1 = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
  return Buffer.from(latin1, 'latin1').toString('utf8')
}

function decodeHeader(value: string): string {
  return value.replace(/=\?UTF-8\?Q\?(.*?)\?=\s*/gi, (_, encoded: string) =>
    decodeQuotedPrintable(encoded.replace(/_/g, ' ')),
  )
}

function parseMail(source: string): ReceivedMail {
  const unfolded = source.replace(/\r\n/g, '\n').replace(/\n[ \t]+/g, ' ')
  const header = (name: string) =>
    new RegExp(`^${name}: (.*)$`, 'mi').exec(unfolded.slice(0, unfolded.indexOf('\n\n')))?.[1] ?? ''
  const textPart = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/i.exec(
    source.replace(/\r\n/g, '\n'),
  )
  const text = decodeQuotedPrintable(textPart?.[1] ?? '')
  return {
    to: header('To'),
    subject: decodeHeader(header('Subject')),
    text,
    link: /https?:\/\/\S+/.exec(text)?.[0],
  }
}

/** The mails written to the file transport for `to`, once the mail in the background is sent. */
export async function mailsTo(api: TestApi, to: string): Promise<ReceivedMail[]> {
  await api.tasks.idle()
  return mailsIn(api.config.dataDir, to)
}

/** The mails for `to` a process wrote to the file transport of its data folder (`DATA_DIR`). */
export async function mailsIn(dataDir: string, to: string): Promise<ReceivedMail[]> {
  const folder = join(dataDir, 'mail')
  const files = await readdir(folder).catch(() => [])
  const mails = await Promise.all(
    files.map(async (file) => parseMail(await readFile(join(folder, file), 'utf8'))),
  )
  return mails.filter((mail) => mail.to === to)
}
