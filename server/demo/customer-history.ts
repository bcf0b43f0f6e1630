import { visitReasons } from '#contract/customers.ts'
import * as words from './demo-people.ts'
import type {
  communications,
  devices,
  ecommerceStatuses,
  orders,
  reclamations,
  serviceCases,
  visitNotes,
} from '../db/schema/customers.ts'
import { codeOf, dayMs, digitsOf, type Random } from './seed-random.ts'

/** A row of a customer's list as the generator makes it: without its id and customer. */
export type Row<T extends { $inferInsert: object }> = Omit<T['$inferInsert'], 'id' | 'customerId'>

/** What a customer did: the lists of the profile's overview. Visit notes name no expert yet. */
export type History = {
  devices: Row<typeof devices>[]
  orders: Row<typeof orders>[]
  ecommerceStatuses: Row<typeof ecommerceStatuses>[]
  communications: Row<typeof communications>[]
  serviceCases: Row<typeof serviceCases>[]
  reclamations: Row<typeof reclamations>[]
  visitNotes: Omit<Row<typeof visitNotes>, 'userId' | 'storeId'>[]
}

type Person = {
  number: number
  fullname: string
  email: string | null
  phone: string | null
  address: string
  country: 'RS' | 'ME'
}

export const between = (random: Random, from: Date, to: Date) =>
  new Date(from.getTime() + random.next() * Math.max(0, to.getTime() - from.getTime()))

const money = (random: Random, country: 'RS' | 'ME') =>
  country === 'RS'
    ? { totalAmount: `${random.int(5, 160) * 100 - 10}.00`, currency: 'RSD' as const }
    : {
        totalAmount: `${random.int(4, 130)}.${random.pick(['00', '50', '90'])}`,
        currency: 'EUR' as const,
      }

const dayOf = (date: Date) => date.toISOString().slice(0, 10)

/**
 * A customer's devices, orders, e-commerce statuses, communication, service cases, now and then a
 * reclamation, and a few visit notes, between their registration and `now`, drawn from `random`.
 */
export function historyOf(
  random: Random,
  { number, fullname, email, phone, address, country }: Person,
  createdAt: Date,
  now: Date,
): History {
  const devices: History['devices'] = []
  for (let index = random.pick([0, 1, 1, 1, 2, 3]); index > 0; index -= 1) {
    devices.push({
      serialNumber: `${codeOf(number * 4 + index, 387_420_489)}${digitsOf(number, 7_919, 6)}`,
      color: random.pick(words.deviceColors),
      registeredAt: between(random, createdAt, now),
    })
  }

  const orders: History['orders'] = []
  for (let index = random.int(0, 5); index > 0; index -= 1) {
    const channel = random.chance(0.6) ? 'online' : 'store'
    const orderedAt = between(random, createdAt, now)
    orders.push({
      number: `${channel === 'online' ? 'WEB' : 'POS'}-${orderedAt.getUTCFullYear()}-${digitsOf(number * 8 + index, 104_729, 7)}`,
      orderedAt,
      ...money(random, country),
      status: random.pick(words.orderStatuses),
      channel,
    })
  }

  const ecommerceStatuses: History['ecommerceStatuses'] = []
  if (email !== null && random.chance(0.7)) {
    for (let index = random.int(1, 3); index > 0; index -= 1) {
      ecommerceStatuses.push({
        status: random.pick(words.ecommerceStatusNames),
        date: between(random, createdAt, now),
      })
    }
  }

  const communications: History['communications'] = []
  for (let index = random.int(0, 4); index > 0; index -= 1) {
    communications.push({
      date: between(random, createdAt, now),
      channel: random.pick(['email', 'sms', 'phone', 'push'] as const),
      subject: random.pick(words.communicationSubjects),
    })
  }

  const serviceCases: History['serviceCases'] = []
  if (devices.length > 0 && random.chance(0.12)) {
    for (let index = random.int(1, 2); index > 0; index -= 1) {
      const date = between(random, createdAt, now)
      serviceCases.push({
        number: `SRV-${date.getUTCFullYear()}-${digitsOf(number * 2 + index, 15_485_863, 6)}`,
        date,
        subject: random.pick(words.serviceSubjects),
        status: random.pick(words.serviceStatuses),
      })
    }
  }

  const reclamations: History['reclamations'] = []
  const device = devices[0]
  if (device && email !== null && phone !== null && random.chance(0.08)) {
    const receipt = between(random, device.registeredAt, now)
    const replaced = random.chance(0.5)
    reclamations.push({
      registrationNumber: `REK-${receipt.getUTCFullYear()}-${digitsOf(number, 32_452_843, 6)}`,
      serialNumber: device.serialNumber,
      name: fullname,
      address,
      phone,
      email,
      receiptDate: dayOf(receipt),
      item: random.pick(words.reclamationItems),
      purchaseDate: dayOf(device.registeredAt),
      description: random.pick(words.reclamationDescriptions),
      verdict: replaced ? 'established' : random.pick(['established', 'not-established'] as const),
      diagnostics: random.pick(words.diagnostics),
      remedy: replaced ? 'replaced' : 'removed',
      newSerialNumber: replaced
        ? `${codeOf(number, 129_140_163)}${digitsOf(number, 6_007, 6)}`
        : null,
    })
  }

  const visitNotes: History['visitNotes'] = []
  if (random.chance(0.12)) {
    for (let index = random.int(1, 3); index > 0; index -= 1) {
      const reason = random.pick(visitReasons)
      visitNotes.push({
        reason,
        comment: random.pick(words.visitComments[reason]),
        createdAt: between(
          random,
          new Date(Math.max(createdAt.getTime(), now.getTime() - 90 * dayMs)),
          now,
        ),
      })
    }
  }

  return {
    devices,
    orders,
    ecommerceStatuses,
    communications,
    serviceCases,
    reclamations,
    visitNotes,
  }
}
