import * as v from 'valibot'

export const roles = ['super', 'admin', 'manager', 'agent'] as const
export const roleSchema = v.picklist(roles)
export type Role = (typeof roles)[number]

/**
 * Who may open what (docs/behaviour.md#roles-and-access). One table, read by the route guards and
 * by the server.
 */
export const access = {
  anyUser: roles,
  administration: ['super', 'admin'],
  storePicker: ['manager'],
} as const satisfies Record<string, readonly Role[]>

export type Access = keyof typeof access

export function allows(area: Access, role: Role): boolean {
  return (access[area] as readonly Role[]).includes(role)
}

/** Screens a manager reaches only once assigned to a store (docs/behaviour.md#roles-and-access). */
export function needsStore(role: Role, expertStoreId: number | null | undefined): boolean {
  return role === 'manager' && expertStoreId == null
}
