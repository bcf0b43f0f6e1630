import * as v from 'valibot'
import { userSchema, type Session } from '../contract/auth.ts'

/**
 * Who is signed in, as browser storage keeps it in the clear (docs/security.md): their id, name,
 * role and store, all the lock screen and the guards need before the PIN.
 */
export const signedInUserSchema = v.pick(userSchema, ['id', 'role', 'fullname', 'expertStore'])
export type SignedInUser = v.InferOutput<typeof signedInUserSchema>

/** The signed-in user's email and phone: in memory, and kept encrypted with the token only. */
export const userContactSchema = v.pick(userSchema, ['email', 'phone'])
export type UserContact = v.InferOutput<typeof userContactSchema>

/**
 * The signed-in user and their token. Browser storage keeps only who is signed in (with
 * remember-me in localStorage, otherwise in sessionStorage, gone with the tab); the token and the
 * user's contact are kept encrypted with the user's other personal data
 * (src/features/auth/device-vault.ts, docs/security.md), so after a reload they are `null` until
 * the PIN or the password opens them. Builds before the lock stored the token here too: such a
 * token is read once and no longer written; builds before this one stored the contact here: it is
 * removed at the first start, unread.
 */
const storedSchema = v.object({ token: v.optional(v.string()), user: signedInUserSchema })
export type StoredSession = {
  token: string | null
  user: SignedInUser
  contact: UserContact | null
}

const key = 'session'
const listeners = new Set<() => void>()
let current: StoredSession | null = read()

function read(): StoredSession | null {
  for (const storage of [localStorage, sessionStorage]) {
    const raw = storage.getItem(key)
    if (!raw) continue
    try {
      const parsed = v.safeParse(storedSchema, JSON.parse(raw))
      if (!parsed.success) continue
      const { token, user } = parsed.output
      // Anything more than who is signed in (an older build's email and phone, token) goes.
      const clear = JSON.stringify({ user })
      if (raw !== clear) storage.setItem(key, clear)
      return { token: token ?? null, user, contact: null }
    } catch {
      // Unreadable: treated as signed out.
    }
  }
  return null
}

function write(session: StoredSession | null, remember: boolean) {
  localStorage.removeItem(key)
  sessionStorage.removeItem(key)
  if (session) {
    const storage = remember ? localStorage : sessionStorage
    storage.setItem(key, JSON.stringify({ user: v.parse(signedInUserSchema, session.user) }))
  }
  current = session
  for (const listener of listeners) listener()
}

export function getSession(): StoredSession | null {
  return current
}

/** Stores the answer of login or /me: the token and the contact (in memory) plus who it is. */
export function saveSession(
  { token, email, phone, ...user }: Session,
  remember = isRemembered(),
): void {
  write({ token, user, contact: { email, phone } }, remember)
}

/**
 * A person on the tablet's list (src/api/people.ts) chose themselves: they are who is signed in,
 * their token and contact sealed until their PIN opens them.
 */
export function choosePerson(user: SignedInUser): void {
  write({ token: null, user, contact: null }, true)
}

export function updateUser(update: (user: SignedInUser) => SignedInUser): void {
  if (current) write({ ...current, user: update(current.user) }, isRemembered())
}

/**
 * The token, and the contact kept with it (null when an older build kept the token alone), opened
 * from the device's encrypted copy (after the PIN or the password).
 */
export function openSessionToken(token: string, contact: UserContact | null): void {
  if (current) write({ ...current, token, contact }, isRemembered())
}

export function clearSession(): void {
  write(null, false)
}

/** Whether the session outlives the tab (remember-me). */
export function isRemembered(): boolean {
  return localStorage.getItem(key) !== null || sessionStorage.getItem(key) === null
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
