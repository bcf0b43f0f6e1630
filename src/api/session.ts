import * as v from 'valibot'
import { userSchema, type Session, type User } from '../contract/auth.ts'

/**
 * The signed-in user and their token (kept in browser storage: docs/behaviour.md#records). With
 * remember-me it lives in localStorage, otherwise in sessionStorage (gone with the tab).
 */
const storedSchema = v.object({ token: v.string(), user: userSchema })
export type StoredSession = v.InferOutput<typeof storedSchema>

const key = 'session'
const listeners = new Set<() => void>()
let current: StoredSession | null = read()

function read(): StoredSession | null {
  for (const storage of [localStorage, sessionStorage]) {
    const raw = storage.getItem(key)
    if (!raw) continue
    try {
      const parsed = v.safeParse(storedSchema, JSON.parse(raw))
      if (parsed.success) return parsed.output
    } catch {
      // Unreadable: treated as signed out.
    }
  }
  return null
}

function write(session: StoredSession | null, remember: boolean) {
  localStorage.removeItem(key)
  sessionStorage.removeItem(key)
  if (session) (remember ? localStorage : sessionStorage).setItem(key, JSON.stringify(session))
  current = session
  for (const listener of listeners) listener()
}

export function getSession(): StoredSession | null {
  return current
}

/** Stores the answer of login or /me: the token plus the user's fields. */
export function saveSession({ token, ...user }: Session, remember = isRemembered()): void {
  write({ token, user }, remember)
}

export function updateUser(update: (user: User) => User): void {
  if (current) write({ ...current, user: update(current.user) }, isRemembered())
}

export function clearSession(): void {
  write(null, false)
}

function isRemembered(): boolean {
  return localStorage.getItem(key) !== null || sessionStorage.getItem(key) === null
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
