import * as words from '../../../server/demo/demo-people.ts'
import { asciiOf, dayMs, type Random } from '../../../server/demo/seed-random.ts'
import {
  type Author,
  type Country,
  type Stint,
  type Store,
  historyStart,
  streamOf,
  streams,
} from './authors.ts'
import type { CopyWriter } from './copy.ts'
import { counts, now } from './options.ts'

/* The table `users`: generated experts (agents and managers), password the demo one. */

export function phoneOf(random: Random, country: Country): string {
  return country === 'RS'
    ? `+3816${random.pick(['0', '1', '2', '3', '4', '5', '6', '9'])}${random.int(1_000_000, 9_999_999)}`
    : `+3826${random.pick(['7', '8', '9'])}${random.int(100_000, 999_999)}`
}

function makeExpert(number: number, id: number, stores: Record<Country, Store[]>) {
  const random = streamOf(streams.expert, number)
  const role = random.chance(0.2) ? ('manager' as const) : ('agent' as const)
  const country: Country = random.chance(0.7) || stores.ME.length === 0 ? 'RS' : 'ME'
  const female = random.chance(0.5)
  const first = random.pick(female ? words.femaleNames : words.maleNames)
  const last = random.pick(country === 'ME' ? words.montenegrinSurnames : words.serbianSurnames)
  const local = `${asciiOf(first)}.${asciiOf(last)}.${number}`
  const domain = country === 'RS' ? 'example.rs' : 'example.me'
  const createdAt = historyStart - random.int(1, 60) * dayMs - random.int(0, 600) * 60_000
  const nearby = stores[country]
  const usual = [random.pick(nearby).id, random.pick(nearby).id, random.pick(nearby).id]
  const stints: Stint[] = []
  if (role === 'manager') {
    for (let from = createdAt + random.int(0, 3) * dayMs; from < now.getTime();) {
      stints.push({ storeId: random.pick(nearby).id, from })
      from += random.int(7, 120) * dayMs + random.int(-120, 120) * 60_000
    }
  }
  const author: Author = { id, fullname: `${first} ${last}`, role, country, usual, stints }
  return {
    author,
    email: `${local}@${domain}`,
    phone: random.chance(0.8) ? phoneOf(random, country) : null,
    createdAt: new Date(createdAt),
  }
}

export function* expertRows(
  out: CopyWriter,
  stores: Record<Country, Store[]>,
  passwordHash: string,
  made: Author[],
) {
  for (let number = 1; number <= counts.experts; number += 1) {
    const expert = makeExpert(number, out.nextId(), stores)
    const { author } = expert
    const storeId = author.stints.at(-1)?.storeId ?? null
    out.write([
      author.id,
      author.role,
      author.fullname,
      expert.email,
      expert.phone,
      passwordHash,
      storeId,
      expert.createdAt,
      null,
    ])
    made.push(author)
    yield
  }
}
