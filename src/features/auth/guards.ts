import { redirect } from '@tanstack/react-router'
import { getSession, type StoredSession } from '../../api/session.ts'
import { allows, needsStore, type Access } from '../../contract/roles.ts'

type Location = { href: string }

/**
 * No session, or a role the area does not allow, goes to /login, keeping where the user wanted to
 * go (docs/behaviour.md#roles-and-access).
 */
export function requireAccess(area: Access, location: Location): StoredSession {
  const session = getSession()
  if (!session || !allows(area, session.user.role)) {
    throw redirect({ to: '/login', search: { redirect: location.href } })
  }
  return session
}

/** A manager without a store picks one first, then comes back here. */
export function requireStore(location: Location): void {
  const user = getSession()?.user
  if (user && needsStore(user.role, user.expertStore?.id)) {
    throw redirect({ to: '/store-picker', search: { redirect: location.href } })
  }
}
