import type { voucherTypes } from '#contract/vouchers.ts'
import type { Database } from '../db/database.ts'
import { bulkInsert } from './bulk-insert.ts'
import type { LoadedCustomers } from './load-customers.ts'
import { voucherLog, vouchers } from '../db/schema/vouchers.ts'
import { codeOf, dayMs, hashOf, randomFrom } from './seed-random.ts'

/** The demo codes the README lists. */
export const demoVoucherCodes = {
  valid: Array.from(
    { length: 100 },
    (_, index) => `MGM-VALID-${String(index + 1).padStart(4, '0')}`,
  ),
  used: 'MGM-USED-0001',
  expired: 'MGM-EXPIRED-0001',
} as const

type NewVoucher = typeof vouchers.$inferInsert
/** How a used voucher was used: it gets a log row. */
type Use = { customerEmail: string | null; expert: string; store: string | null }

const at = (now: Date, days: number) => new Date(now.getTime() + days * dayMs)

/** A LOYALTY or PROMO voucher's value: in dinars for even numbers, in euros for odd ones. */
function valueOf(type: (typeof voucherTypes)[number], number: number) {
  const big = number % 4 < 2
  const inDinars = number % 2 === 0
  const amount = type === 'LOYALTY' ? (big ? 10 : 5) : big ? 5 : 3
  return {
    amount: inDinars ? `${amount * 100}.00` : `${amount}.00`,
    currency: inDinars ? ('RSD' as const) : ('EUR' as const),
    points: type === 'LOYALTY' ? amount * 100 : null,
  }
}

/**
 * The demo vouchers: `MGM-VALID-0001` … `-0100` (valid, each with a godfather), `MGM-USED-0001`
 * (used, with its log), `MGM-EXPIRED-0001`; LOYALTY and PROMO vouchers with values, a few used or
 * expired; and the MGM voucher of every generated referral, mostly used (as the referral's
 * points say), some still valid, some expired.
 */
export async function seedDemoVouchers(db: Database, loaded: LoadedCustomers, now: Date) {
  const { ids, referrals, experts } = loaded
  const idOf = (number: number) => ids.get(Math.min(Math.max(number, 1), ids.size)) ?? null
  const expertOf = (number: number) => experts[number % Math.max(experts.length, 1)]
  const planned: { voucher: NewVoucher; use: Use | null }[] = []

  const used = (customerNumber: number, customerEmail: string | null, usedAt: Date) => {
    const expert = expertOf(customerNumber)
    return {
      voucher: {
        status: 'used' as const,
        usedAt,
        usedByCustomerId: idOf(customerNumber),
        usedByUserId: expert?.id ?? null,
        usedInStoreId: expert?.storeId ?? null,
      },
      use: {
        customerEmail,
        expert: expert?.fullname ?? 'Brand Expert',
        store: expert?.store ?? null,
      },
    }
  }

  demoVoucherCodes.valid.forEach((code, index) => {
    const voucher = { code, type: 'MGM' as const, status: 'valid' as const }
    planned.push({
      voucher: { ...voucher, expiresAt: at(now, 180), godfatherId: idOf(index * 10 + 1) },
      use: null,
    })
  })
  const [first, ...others] = referrals
  if (first) {
    const use = used(first.referred, first.email, at(now, -3))
    planned.push({
      voucher: {
        code: demoVoucherCodes.used,
        type: 'MGM',
        expiresAt: at(now, 87),
        godfatherId: idOf(first.godfather),
        referredCustomerId: idOf(first.referred),
        ...use.voucher,
      },
      use: use.use,
    })
  }
  planned.push({
    voucher: {
      code: demoVoucherCodes.expired,
      type: 'MGM',
      status: 'expired',
      expiresAt: at(now, -10),
      godfatherId: idOf(1001),
    },
    use: null,
  })

  for (const type of ['LOYALTY', 'PROMO'] as const) {
    for (let number = 1; number <= 20; number += 1) {
      const code = `${type}-${String(number).padStart(4, '0')}`
      const voucher = {
        code,
        type,
        ...valueOf(type, number),
        status: 'valid' as const,
        expiresAt: at(now, 60 + number),
      }
      if (number > 17) {
        const use = used(number * 37, null, at(now, -number))
        planned.push({ voucher: { ...voucher, ...use.voucher }, use: use.use })
      } else if (number > 15) {
        planned.push({
          voucher: { ...voucher, status: 'expired', expiresAt: at(now, -number) },
          use: null,
        })
      } else {
        planned.push({ voucher, use: null })
      }
    }
  }

  for (const referral of others) {
    const random = randomFrom(hashOf(referral.referred, 4))
    const voucher = {
      code: `MGM-${codeOf(referral.referred, 129_140_163)}`,
      type: 'MGM' as const,
      godfatherId: idOf(referral.godfather),
      referredCustomerId: idOf(referral.referred),
      expiresAt: new Date(referral.at.getTime() + 90 * dayMs),
      createdAt: referral.at,
    }
    const roll = random.next()
    if (roll < 0.75) {
      const usedAt = new Date(
        Math.min(referral.at.getTime() + random.int(1, 20) * dayMs, now.getTime()),
      )
      const use = used(referral.referred, referral.email, usedAt)
      planned.push({ voucher: { ...voucher, ...use.voucher }, use: use.use })
    } else if (roll < 0.9) {
      const expiresAt = voucher.expiresAt > now ? voucher.expiresAt : at(now, random.int(10, 90))
      planned.push({ voucher: { ...voucher, status: 'valid', expiresAt }, use: null })
    } else {
      const expiresAt = voucher.expiresAt < now ? voucher.expiresAt : at(now, -random.int(1, 30))
      planned.push({ voucher: { ...voucher, status: 'expired', expiresAt }, use: null })
    }
  }

  const rows = await bulkInsert(
    db,
    vouchers,
    planned.map((item) => ({ createdAt: at(now, -120), ...item.voucher })),
    ['id', 'code'],
  )
  const idOfCode = new Map(rows.map((row) => [row.code, Number(row.id)]))
  const logs = planned.flatMap(({ voucher, use }) => {
    const voucherId = idOfCode.get(voucher.code)
    if (!use || !voucher.usedAt || voucherId === undefined) return []
    return [{ voucherId, code: voucher.code, date: voucher.usedAt, type: voucher.type, ...use }]
  })
  await bulkInsert(db, voucherLog, logs)
}
