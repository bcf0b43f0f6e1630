import { redirect } from '@tanstack/react-router'
import { getSession, type StoredSession } from '../../api/session.ts'
import { allows, needsStore, type Access } from '../../contract/roles.ts'

type Location = { href: string }

/** A signed-in user opened an area their role does not allow. */
export class NoAccessError extends Error {
  constructor() {
    super('no access')
    this.name = 'NoAccessError'
  }
}

/**
 * No session goes to /login, keeping where the user wanted to go; a role the area does not allow
 * gets the "no access" screen, still signed in (docs/behaviour.md#roles-and-access).
 */
export function requireAccess(area: Access, location: Location): StoredSession {
  const session = getSession()
  if (!session) throw redirect({ to: '/login', search: { redirect: location.href } })
  if (!allows(area, session.user.role)) throw new NoAccessError()
  return session
}

/** A manager without a store picks one first, then comes back here. */
export function requireStore(location: Location): void {
  const user = getSession()?.user
  if (user && needsStore(user.role, user.expertStore?.id)) {
    throw redirect({ to: '/store-picker', search: { redirect: location.href } })
  }
}
