import type pg from 'pg'
import { dayMs, type Random } from '../../../server/demo/seed-random.ts'
import { type Author, historyStart, stintAt, streamOf, streams, twoYears } from './authors.ts'
import type { CopyWriter } from './copy.ts'
import { type Referrals } from './customers.ts'
import { counts, now } from './options.ts'
import { report } from './progress.ts'

/* The table `vouchers`: the MGM voucher of each referral first, then MGM, LOYALTY and PROMO vouchers; and the log of the used ones. */

export const voucherColumns = [
  'id',
  'code',
  'type',
  'amount',
  'currency',
  'points',
  'status',
  'expires_at',
  'used_at',
  'godfather_id',
  'referred_customer_id',
  'used_by_customer_id',
  'used_by_user_id',
  'used_in_store_id',
  'created_at',
]

export function* voucherRows(
  out: CopyWriter,
  authors: Author[],
  referrals: Referrals,
  customerBase: number,
) {
  const nowMs = now.getTime()
  const randomCustomer = (random: Random) =>
    counts.customers > 0 ? customerBase + random.int(1, counts.customers) : null
  for (let number = 1; number <= counts.vouchers; number += 1) {
    const random = streamOf(streams.voucher, number)
    const referral = number <= referrals.referred.length ? number - 1 : null
    const type =
      referral !== null
        ? ('MGM' as const)
        : random.pick(['MGM', 'MGM', 'LOYALTY', 'LOYALTY', 'PROMO'] as const)
    const code = `${type}-L-${String(number).padStart(7, '0')}`
    let createdAt: number
    let expiresAt: number
    let godfather: number | null = null
    let referred: number | null = null
    if (referral !== null) {
      createdAt = referrals.at[referral] ?? nowMs
      expiresAt = createdAt + 90 * dayMs
      godfather = referrals.godfathers[referral] ?? null
      referred = referrals.referred[referral] ?? null
    } else {
      createdAt = historyStart + Math.floor(random.next() * twoYears)
      expiresAt = createdAt + random.int(30, 180) * dayMs
      godfather = type === 'MGM' ? randomCustomer(random) : null
    }
    // Used (by the referred customer, for a referral's voucher), still valid, or expired.
    const roll = random.next()
    const usable = Math.min(expiresAt, nowMs) - createdAt
    const used = roll < (referral !== null ? 0.75 : 0.35) && usable > 0
    let status: 'valid' | 'used' | 'expired' = 'valid'
    let usedAt: Date | null = null
    let usedBy: number | null = null
    let author: Author | null = null
    let storeId: number | null = null
    if (used) {
      status = 'used'
      usedAt = new Date(createdAt + Math.floor(random.next() * Math.min(usable, 20 * dayMs)))
      usedBy = referred ?? randomCustomer(random)
      author = authors[random.int(0, authors.length - 1)] ?? null
      // As the app stores a redemption: at a manager's store then; an agent's at none.
      storeId = author ? stintAt(author, usedAt.getTime()) : null
    } else if (expiresAt <= nowMs) {
      // Some expired ones were never marked: the app shows a valid voucher past expiry as expired.
      status = random.chance(0.6) ? 'expired' : 'valid'
    }
    const big = random.chance(0.5)
    const inDinars = random.chance(0.5)
    const amount = type === 'LOYALTY' ? (big ? 10 : 5) : big ? 5 : 3
    const value =
      type === 'MGM'
        ? [null, null, null]
        : [
            inDinars ? `${amount * 100}.00` : `${amount}.00`,
            inDinars ? 'RSD' : 'EUR',
            type === 'LOYALTY' ? amount * 100 : null,
          ]
    out.write([
      out.nextId(),
      code,
      type,
      ...value,
      status,
      new Date(expiresAt),
      usedAt,
      godfather,
      referred,
      usedBy,
      author?.id ?? null,
      storeId,
      new Date(createdAt),
    ])
    yield
  }
}

/** The log row of each used generated voucher, with the names as they are now. */
export async function copyVoucherLog(pool: pg.Pool, voucherBase: number): Promise<number> {
  const since = performance.now()
  const result = await pool.query(
    `insert into voucher_log (code, voucher_id, date, type, customer_email, expert, store)
      select v.code, v.id, v.used_at, v.type, c.email, u.fullname, s.name
      from vouchers v
      left join customers c on c.id = v.used_by_customer_id
      left join users u on u.id = v.used_by_user_id
      left join stores s on s.id = v.used_in_store_id
      where v.id > $1 and v.status = 'used'
      order by v.id`,
    [voucherBase],
  )
  const rows = result.rowCount ?? 0
  report('voucher_log', rows, since, ' (insert … select from the used vouchers)')
  return rows
}
