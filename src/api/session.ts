import * as v from 'valibot'
import { userSchema, type Session, type User } from '../contract/auth.ts'

/**
 * The signed-in user and their token. Browser storage keeps only who is signed in (with
 * remember-me in localStorage, otherwise in sessionStorage, gone with the tab); the token is kept
 * encrypted with the user's other personal data (src/features/auth/device-vault.ts, docs/security.md), so after a
 * reload it is `null` until the PIN or the password opens it. Builds before the lock stored the
 * token here too: such a token is read once and no longer written.
 */
const storedSchema = v.object({ token: v.optional(v.string()), user: userSchema })
export type StoredSession = { token: string | null; user: User }

const key = 'session'
const listeners = new Set<() => void>()
let current: StoredSession | null = read()

function read(): StoredSession | null {
  for (const storage of [localStorage, sessionStorage]) {
    const raw = storage.getItem(key)
    if (!raw) continue
    try {
      const parsed = v.safeParse(storedSchema, JSON.parse(raw))
      if (parsed.success) return { token: parsed.output.token ?? null, user: parsed.output.user }
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
    storage.setItem(key, JSON.stringify({ user: session.user }))
  }
  current = session
  for (const listener of listeners) listener()
}

export function getSession(): StoredSession | null {
  return current
}

/** Stores the answer of login or /me: the token (in memory) plus the user's fields. */
export function saveSession({ token, ...user }: Session, remember = isRemembered()): void {
  write({ token, user }, remember)
}

export function updateUser(update: (user: User) => User): void {
  if (current) write({ ...current, user: update(current.user) }, isRemembered())
}

/** The token opened from the device's encrypted copy (after the PIN or the password). */
export function openSessionToken(token: string): void {
  if (current) write({ ...current, token }, isRemembered())
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
