import { loyaltyRules, type LoyaltyRule } from '#contract/customers.ts'
import { asciiOf, codeOf, dayMs, digitsOf, hashOf, randomFrom } from './seed-random.ts'
import * as words from './demo-people.ts'
import { between, historyOf, type History, type Row } from './customer-history.ts'
import type { loyaltyActions } from '../db/schema/customers.ts'

/**
 * One generated customer with everything the profile shows. `number` counts from 1: loaded into an
 * empty table with `COPY` it can be the id; `godfatherNumber` is the number of the customer who
 * referred this one (always a smaller number). Visit notes name no expert: the loader picks one.
 */
export type GeneratedCustomer = {
  number: number
  country: 'RS' | 'ME'
  fullname: string
  email: string | null
  phone: string | null
  referralCode: string
  ffCode: string | null
  points: number
  pointsSpent: number
  godfatherNumber: number | null
  createdAt: Date
  loyaltyActions: Row<typeof loyaltyActions>[]
} & History

/** The moment generated data is relative to, unless the caller gives another. */
export const referenceNow = new Date('2026-01-15T12:00:00Z')

/** Referrals stay within blocks of ten: the first of a block refers some of the other nine. */
const blockSize = 10
const referredShare = 0.3
const historyDays = 1800

const rulePoints: Record<LoyaltyRule, number> = {
  welcome: 100,
  'first-purchase': 150,
  'referred-first-purchase': 100,
  birthday: 50,
  anniversary: 100,
  'device-registered': 200,
  bundle: 150,
  'referral-registered': 200,
  'referred-first-offline-purchase': 100,
  'article-silver': 10,
  'article-gold': 20,
  'article-black': 30,
  'game-bonus': 25,
  'accessory-purchase': 50,
}
/** Rules earned by a customer's own doings (welcome and referrals are given by the structure). */
const ownRules = loyaltyRules.filter((rule) => rule !== 'welcome' && rule !== 'referral-registered')

/** One independent stream per customer and purpose, so that any customer can be made alone. */
const streams = { person: 1, referral: 2, registration: 3 } as const
const streamOf = (seed: number, number: number, stream: number) =>
  randomFrom(hashOf(seed, number, stream))

function godfatherOf(seed: number, number: number): number | null {
  const blockStart = number - ((number - 1) % blockSize)
  if (blockStart === number) return null
  return streamOf(seed, number, streams.referral).chance(referredShare) ? blockStart : null
}

/** Older customers have smaller numbers; registration spreads over `historyDays`. */
function createdAtOf(seed: number, number: number, count: number, now: Date): Date {
  const random = streamOf(seed, number, streams.registration)
  const age = historyDays * dayMs * (1 - (number - 1) / Math.max(count, 1))
  return new Date(now.getTime() - age - random.int(0, 12 * 60) * 60_000)
}

/**
 * Customers 1 to `count`, made from `seed` alone (and `now`, which dates are relative to): the same
 * arguments give the same customers, one at a time, so that a million can be streamed to `COPY`.
 * Serbian (+3816…) and Montenegrin (+3826…) people with names, emails, referral codes (`REF-…`),
 * some F&F codes, devices, orders, e-commerce statuses, communication, service cases, a
 * reclamation now and then, loyalty actions of every rule and a few visit notes.
 */
export function* generateCustomers(
  count: number,
  seed: number,
  now: Date = referenceNow,
): Generator<GeneratedCustomer> {
  for (let number = 1; number <= count; number += 1) {
    yield generateCustomer(number, count, seed, now)
  }
}

function generateCustomer(number: number, count: number, seed: number, now: Date) {
  const random = streamOf(seed, number, streams.person)
  const country = random.chance(0.7) ? 'RS' : 'ME'
  const female = random.chance(0.5)
  const first = random.pick(female ? words.femaleNames : words.maleNames)
  const surnames =
    country === 'ME' && random.chance(0.7) ? words.montenegrinSurnames : words.serbianSurnames
  const last = random.pick(surnames)
  const fullname = `${first} ${last}`
  const createdAt = createdAtOf(seed, number, count, now)

  const hasEmail = random.chance(0.96)
  const hasPhone = !hasEmail || random.chance(0.95)
  const [a, b] = [asciiOf(first), asciiOf(last)]
  const local = random.pick([`${a}.${b}${number}`, `${a[0]}.${b}${number}`, `${a}${b}${number}`])
  const email = hasEmail ? `${local}@${random.pick(words.emailDomains[country])}` : null
  const operator =
    country === 'RS'
      ? random.pick(['0', '1', '2', '3', '4', '5', '6', '9'])
      : random.pick(['7', '8', '9'])
  const subscriber = digitsOf(number, 7_368_787, country === 'RS' ? 7 : 6, 3_141_593)
  const phone = hasPhone ? `${country === 'RS' ? '+3816' : '+3826'}${operator}${subscriber}` : null
  const [city, street] = random.pick(words.streets[country])
  const address = `${street} ${random.int(1, 120)}, ${city}`

  const history = historyOf(
    random,
    { number, fullname, email, phone, address, country },
    createdAt,
    now,
  )

  const loyaltyActions: GeneratedCustomer['loyaltyActions'] = [
    { rule: 'welcome', points: rulePoints.welcome, date: createdAt },
  ]
  for (let index = random.int(1, 6); index > 0; index -= 1) {
    const rule = random.pick(ownRules)
    loyaltyActions.push({ rule, points: rulePoints[rule], date: between(random, createdAt, now) })
  }
  if (godfatherOf(seed, number) === null) {
    const blockEnd = Math.min(number + blockSize - 1, count)
    for (let member = number + 1; member <= blockEnd; member += 1) {
      if (godfatherOf(seed, member) !== number) continue
      loyaltyActions.push({
        rule: 'referral-registered',
        points: rulePoints['referral-registered'],
        date: createdAtOf(seed, member, count, now),
      })
    }
  }
  const earned = loyaltyActions.reduce((sum, action) => sum + action.points, 0)
  const pointsSpent = random.chance(0.4) ? 0 : Math.floor((earned * random.next() * 0.6) / 10) * 10

  return {
    number,
    country,
    fullname,
    email,
    phone,
    referralCode: `REF-${codeOf(number, 387_420_489)}`,
    ffCode: random.chance(0.1) ? `FF-${digitsOf(number, 9_973, 6)}` : null,
    points: earned - pointsSpent,
    pointsSpent,
    godfatherNumber: godfatherOf(seed, number),
    createdAt,
    ...history,
    loyaltyActions,
  } satisfies GeneratedCustomer
}

/** The demo data's customers: how many, and the seed they are made from. */
export const demoCustomerCount = 2000
export const demoCustomerSeed = 20_260_115
