import type pg from 'pg'
import * as v from 'valibot'
import type { Pack } from '../../../src/contract/catalogue.ts'
import {
  trialBodySchema,
  type StickImpression,
  type TrialAnswers,
} from '../../../src/contract/trial.ts'
import {
  ageRanges,
  consumptions,
  deviceImpressions,
  genders,
  habits,
  noPurchaseReasons,
  purchaseReasons,
  referralSources,
  stickColors,
  stickImpressions,
  type StickColor,
} from '../../../src/contract/trial-options.ts'
import * as words from '../../../server/demo/demo-people.ts'
import { asciiOf, dayMs, type Random } from '../../../server/demo/seed-random.ts'
import {
  type Author,
  type Country,
  historyStart,
  storeAt,
  streamOf,
  streams,
  twoYears,
} from './authors.ts'
import type { CopyWriter } from './copy.ts'
import { type Contacts } from './customers.ts'
import { counts } from './options.ts'
import { phoneOf } from './users.ts'

/* The table `trials`: the wizard's answers (or the simple screen's text), over the two years before `now`. */

type Catalogue = {
  hts: Pack[]
  rmc: Pack[]
  sticks: { id: number; name: string; color: StickColor | null }[]
  devices: { id: number; name: string }[]
}

export async function catalogueOf(pool: pg.Pool): Promise<Catalogue> {
  const packs = await pool.query<{
    id: number
    type: 'HTS' | 'RMC'
    brandName: string
    brandFamily: string
    image: string | null
  }>(
    `select id, type, brand_name as "brandName", brand_family as "brandFamily", image
      from packs order by id`,
  )
  const products = await pool.query<{
    id: number
    name: string
    type: string
    color: string | null
  }>('select id, name, type, color from products order by id')
  // As the PWA sends a pack: with its `src` under the default asset location.
  const withSrc = packs.rows.map((pack): Pack => ({
    ...pack,
    src: pack.image?.replace(/^\.\//, '/media/') ?? null,
  }))
  const colorOf = (color: string | null) => stickColors.find((known) => known === color) ?? null
  return {
    hts: withSrc.filter((pack) => pack.type === 'HTS'),
    rmc: withSrc.filter((pack) => pack.type === 'RMC'),
    sticks: products.rows
      .filter((row) => row.type === 'Stick')
      .map((row) => ({ id: row.id, name: row.name, color: colorOf(row.color) })),
    devices: products.rows
      .filter((row) => row.type === 'Device')
      .map((row) => ({ id: row.id, name: row.name })),
  }
}

/** `min` to `max` distinct items, in the order of `items`. */
function someOf<T>(random: Random, items: readonly T[], min: number, max: number): T[] {
  const indexes = items.map((_, index) => index)
  const count = Math.min(random.int(min, max), items.length)
  for (let index = 0; index < count; index += 1) {
    const other = random.int(index, indexes.length - 1)
    const swap = indexes[index] ?? 0
    indexes[index] = indexes[other] ?? 0
    indexes[other] = swap
  }
  return indexes
    .slice(0, count)
    .sort((a, b) => a - b)
    .flatMap((index) => {
      const item = items[index]
      return item === undefined ? [] : [item]
    })
}

/** `count` distinct items in random order (the order the customer tried them). */
function shuffledOf<T>(random: Random, items: readonly T[], count: number): T[] {
  const left = [...items]
  const chosen: T[] = []
  while (chosen.length < count && left.length > 0) {
    const [item] = left.splice(random.int(0, left.length - 1), 1)
    if (item !== undefined) chosen.push(item)
  }
  return chosen
}

function impressionOf<P, N, U>(
  random: Random,
  options: { positive: readonly P[]; negative: readonly N[]; neutral: readonly U[] },
) {
  return {
    positive: someOf(random, options.positive, 0, 3),
    negative: someOf(random, options.negative, 0, 2),
    neutral: someOf(random, options.neutral, 0, 1),
  }
}

const otherBrands = ['Marlboro', 'Winston', 'Camel', 'LD', 'Chesterfield', 'Drina', 'Walter Wolf']
const stickNotes = [
  'Svidio mu se ukus.',
  'Previše jak za nju.',
  'Želi da proba ponovo.',
  'Uporedio sa svojim cigaretama.',
]
const noPurchaseNotes = ['Vratiće se sledeće nedelje.', 'Razmisliće.', 'Kupiće online.']
const simpleNotes = [
  'Kupac je probao uređaj i dobio informacije o programu lojalnosti.',
  'Kratak razgovor, kupac nije bio zainteresovan.',
  'Probao dva ukusa, kupio paket štapića.',
  'Pitala za cene uređaja i akcije.',
  'Kupac koristi klasične cigarete, zainteresovan za prelazak.',
  'Proba sa prijateljem, obojica kupila uređaj.',
]
const freeEmailDomains = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']

/** The customer's contact on the email step: one of the known customers', or someone new. */
function contactOf(
  random: Random,
  number: number,
  country: Country,
  contacts: Contacts,
): { email?: string; phone?: string } {
  if (contacts.emails.length > 0 && random.chance(0.7)) {
    const index = random.int(0, contacts.emails.length - 1)
    const email = contacts.emails[index] ?? null
    const phone = contacts.phones[index] ?? null
    const withEmail = email !== null && (phone === null || random.chance(0.85))
    const withPhone = phone !== null && (!withEmail || random.chance(0.35))
    return {
      ...(withEmail ? { email } : {}),
      ...(withPhone ? { phone } : {}),
    }
  }
  const first = asciiOf(random.pick(random.chance(0.5) ? words.femaleNames : words.maleNames))
  const last = asciiOf(random.pick(words.serbianSurnames))
  return random.chance(0.8)
    ? { email: `${first}.${last}.t${number}@${random.pick(freeEmailDomains)}` }
    : { phone: phoneOf(random, country) }
}

function answersOf(
  random: Random,
  number: number,
  country: Country,
  catalogue: Catalogue,
  contacts: Contacts,
): TrialAnswers {
  const chosenHabits = someOf(random, habits, 1, 2)
  const hts = catalogue.hts.length > 0 ? random.pick(catalogue.hts) : null
  const rmc =
    catalogue.rmc.length > 0 && random.chance(0.85)
      ? random.pick(catalogue.rmc)
      : { other: random.pick(otherBrands) }
  const order: string[] = shuffledOf(random, stickColors, random.pick([1, 1, 2, 2, 3]))
  const multiple = random.chance(0.15)
  const sticks: Record<string, StickImpression | string> = {}
  for (const color of order) {
    const impression: StickImpression = impressionOf(random, stickImpressions)
    sticks[color] = impression
    sticks[`${color}Comment`] = random.chance(0.1) ? random.pick(stickNotes) : ''
  }
  const device =
    catalogue.devices.length > 0 && random.chance(0.75) ? random.pick(catalogue.devices) : null
  const bought = random.chance(0.35)
  const triedSticks = catalogue.sticks.filter(
    (stick) => stick.color !== null && order.includes(stick.color),
  )
  const contact = contactOf(random, number, country, contacts)
  return {
    gender: random.pick(genders),
    ageRange: random.pick(ageRanges),
    habits: chosenHabits.join(';'),
    habitsData: {
      HTS: chosenHabits.includes('HTS') ? hts : null,
      RMC: chosenHabits.includes('RMC') ? rmc : null,
    },
    consumption: random.pick(consumptions),
    referalSource: someOf(random, referralSources, 1, 2),
    email: { ...contact, privacyPolicy: true, analizeData: true },
    consumptionOrder: order,
    ...(multiple && order.length > 0
      ? {
          consumptionCounts: Object.fromEntries(order.map((color) => [color, random.int(1, 3)])),
        }
      : {}),
    device:
      device && order.length > 0
        ? { id: device.id, name: device.name, ...impressionOf(random, deviceImpressions) }
        : null,
    ...sticks,
    shopping: bought ? 'yes' : 'no',
    ...(bought
      ? {
          shoppingSuccess: {
            reason: someOf(random, purchaseReasons, 1, 3),
            device: device && random.chance(0.4) ? { id: device.id, name: device.name } : null,
            sticks: someOf(random, triedSticks, 0, 2).map((stick) => ({
              id: stick.id,
              name: stick.name,
              quantity: random.int(1, 10),
            })),
          },
        }
      : {
          shoppingUnsuccess: {
            reason: someOf(random, noPurchaseReasons, 1, 2),
            ...(random.chance(0.15) ? { comment: random.pick(noPurchaseNotes) } : {}),
          },
        }),
  }
}

export const trialColumns = [
  'id',
  'user_id',
  'store_id',
  'kind',
  'answers',
  'gender',
  'age_range',
  'shopping',
  'email',
  'phone',
  'created_at',
  'received_at',
  'captured_at',
]

export function* trialRows(
  out: CopyWriter,
  authors: Author[],
  storeCountry: Map<number, Country>,
  catalogue: Catalogue,
  contacts: Contacts,
) {
  const days = twoYears / dayMs
  for (let number = 0; number < counts.trials; number += 1) {
    const random = streamOf(streams.trial, number)
    // Spread evenly over the days, in the stores' opening hours (08:00 to 22:00, about UTC+1).
    const day = Math.floor((number * days) / counts.trials)
    const createdAt = new Date(
      historyStart + day * dayMs + random.int(7 * 60, 21 * 60 - 1) * 60_000 + random.int(0, 59_999),
    )
    const author = authors[random.int(0, authors.length - 1)]
    if (!author) return
    const storeId = storeAt(author, createdAt.getTime(), random) ?? author.usual[0] ?? 1
    const country = storeCountry.get(storeId) ?? author.country
    if (random.chance(0.1)) {
      const text = random.pick(simpleNotes)
      out.write([
        out.nextId(),
        author.id,
        storeId,
        'simple',
        JSON.stringify(text),
        null,
        null,
        null,
        null,
        null,
        // Sent at once: captured when it arrived.
        createdAt,
        createdAt,
        createdAt,
      ])
    } else {
      const answers = answersOf(random, number, country, catalogue, contacts)
      // A sample is checked against the API's own schema: the rows are what the API would store.
      if (number % 1000 === 0) v.parse(trialBodySchema, { store_id: storeId, comment: answers })
      out.write([
        out.nextId(),
        author.id,
        storeId,
        'guided',
        JSON.stringify(answers),
        answers.gender,
        answers.ageRange,
        answers.shopping,
        answers.email.email ?? null,
        answers.email.phone ?? null,
        createdAt,
        createdAt,
        createdAt,
      ])
    }
    yield
  }
}
