import { randomInt } from 'node:crypto'
import type { VoucherStatus, voucherTypes } from '../../../src/contract/vouchers.ts'
import { customers } from '../../../server/db/schema/customers.ts'
import { vouchers } from '../../../server/db/schema/vouchers.ts'
import { createStore, createUser, signIn, uniqueWord, type TestStore } from './fixtures.ts'
import type { TestApi } from './harness.ts'

export type TestCustomer = {
  id: number
  fullname: string
  email: string | null
  phone: string | null
  referralCode: string
}

/** A Serbian mobile number no other test has: `+3816` and eight random digits. */
export function uniquePhone(prefix = '+3816'): string {
  return `${prefix}${String(randomInt(10_000_000, 99_999_999))}`
}

/** A customer made straight in the database, with a unique email, phone and referral code. */
export async function createCustomer(
  api: TestApi,
  values: {
    fullname?: string
    email?: string | null
    phone?: string | null
    referralCode?: string
    points?: number
    pointsSpent?: number
    godfatherId?: number | null
    createdAt?: Date
  } = {},
): Promise<TestCustomer> {
  const [row] = await api.db
    .insert(customers)
    .values({
      fullname: values.fullname ?? `Kupac ${uniqueWord()}`,
      email: values.email === undefined ? `${uniqueWord('c')}@gmail.com` : values.email,
      phone: values.phone === undefined ? uniquePhone() : values.phone,
      referralCode: values.referralCode ?? `REF-${uniqueWord().toUpperCase()}`,
      points: values.points ?? 0,
      pointsSpent: values.pointsSpent ?? 0,
      godfatherId: values.godfatherId ?? null,
      createdAt: values.createdAt ?? api.clock.now(),
    })
    .returning({
      id: customers.id,
      fullname: customers.fullname,
      email: customers.email,
      phone: customers.phone,
      referralCode: customers.referralCode,
    })
  if (!row) throw new Error('no customer inserted')
  return row
}

export type TestVoucher = { id: number; code: string }

const dayMs = 24 * 60 * 60 * 1000

/** A voucher made straight in the database: by default a valid MGM voucher for 30 days. */
export async function createVoucher(
  api: TestApi,
  values: {
    type?: (typeof voucherTypes)[number]
    status?: VoucherStatus
    expiresAt?: Date
    godfatherId?: number | null
    amount?: string
    currency?: 'RSD' | 'EUR'
    points?: number
  } = {},
): Promise<TestVoucher> {
  const [row] = await api.db
    .insert(vouchers)
    .values({
      code: `TEST-${uniqueWord().toUpperCase()}`,
      type: values.type ?? 'MGM',
      status: values.status ?? 'valid',
      expiresAt: values.expiresAt ?? new Date(api.clock.now().getTime() + 30 * dayMs),
      godfatherId: values.godfatherId ?? null,
      amount: values.amount ?? null,
      currency: values.currency ?? null,
      points: values.points ?? null,
    })
    .returning({ id: vouchers.id, code: vouchers.code })
  if (!row) throw new Error('no voucher inserted')
  return row
}

export type SignedIn = { id: number; fullname: string; token: string; store: TestStore | null }

/** A manager checked in to a new store, signed in. */
export async function managerWithStore(api: TestApi): Promise<SignedIn> {
  const store = await createStore(api)
  const user = await createUser(api, { role: 'manager', expertStoreId: store.id })
  return { id: user.id, fullname: user.fullname, token: await signIn(api, user), store }
}

/** A signed-in user of a role with no store (for a manager: not checked in anywhere). */
export async function userWithoutStore(
  api: TestApi,
  role: 'agent' | 'manager' | 'admin' | 'super' = 'agent',
): Promise<SignedIn> {
  const user = await createUser(api, { role })
  return { id: user.id, fullname: user.fullname, token: await signIn(api, user), store: null }
}
