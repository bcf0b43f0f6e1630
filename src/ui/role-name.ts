import { useLingui } from '@lingui/react/macro'
import type { Role } from '../contract/roles.ts'

/** The role's name as staff know it: an agent is a Brand Expert. */
export function useRoleName() {
  const { t } = useLingui()
  const names: Record<Role, string> = {
    super: t`Super user`,
    admin: t`Administrator`,
    manager: t`Store manager`,
    agent: t`Brand Expert`,
  }
  return (role: Role) => names[role]
}
