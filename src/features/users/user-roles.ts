import type { Role } from '../../contract/roles.ts'
import type { ManagedUser } from '../../contract/users.ts'

/** The roles the signed-in user may give: only a super user makes or edits a super user. */
export function assignableRoles(own: Role | undefined): Role[] {
  return own === 'super' ? ['super', 'admin', 'manager', 'agent'] : ['admin', 'manager', 'agent']
}

/** Only a super user edits or deletes a super user (docs/behaviour.md#roles-and-access). */
export function canManage(own: Role | undefined, user: ManagedUser | undefined): boolean {
  return user?.role !== 'super' || own === 'super'
}
