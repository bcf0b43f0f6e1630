import * as v from 'valibot'
import { config } from '../config.ts'
import { signedInUserSchema, type SignedInUser } from './session.ts'

/**
 * The people who opened the app on this tablet and may open it again with their own PIN
 * (docs/security.md#people-on-a-shared-tablet), the most recent first. Browser storage keeps who
 * they are in the clear, as it keeps who is signed in: the sign-in page lists them without
 * opening the device's database. Their data stays sealed under each one's key.
 */
const key = 'people'
const peopleSchema = v.array(signedInUserSchema)
const listeners = new Set<() => void>()
let current: SignedInUser[] = read()

function read(): SignedInUser[] {
  try {
    const parsed = v.safeParse(peopleSchema, JSON.parse(localStorage.getItem(key) ?? '[]'))
    return parsed.success ? parsed.output : []
  } catch {
    return []
  }
}

function write(people: SignedInUser[]): void {
  current = people
  if (people.length === 0) localStorage.removeItem(key)
  else localStorage.setItem(key, JSON.stringify(people))
  for (const listener of listeners) listener()
}

export function peopleOnTablet(): SignedInUser[] {
  return current
}

/**
 * The person's app is open: they head the list (up to the configured number; the one not seen
 * longest drops off, and signs in with the password again).
 */
export function rememberPerson(person: SignedInUser): void {
  write([person, ...current.filter((one) => one.id !== person.id)].slice(0, config.tabletPeople))
}

/** Signed out on purpose, or their data wiped: only the password brings them back. */
export function forgetPerson(userId: number): void {
  if (current.some((one) => one.id === userId)) write(current.filter((one) => one.id !== userId))
}

export function subscribePeople(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** How the list names a person: their first name and the initial of the last ("Ana P."). */
export function shortName(fullname: string): string {
  const [first = '', ...rest] = fullname.trim().split(/\s+/)
  const last = rest.at(-1)
  return last ? `${first} ${last.charAt(0)}.` : first
}
