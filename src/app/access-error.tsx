import type { ErrorComponentProps } from '@tanstack/react-router'
import { NoAccessError } from '../features/auth/guards.ts'
import { NoAccess } from '../features/auth/no-access.tsx'
import { RouteError } from './route-error.tsx'

/** A guarded area's error screen: "no access" for a role it does not allow, else the usual one. */
export function AccessError(props: ErrorComponentProps) {
  return props.error instanceof NoAccessError ? <NoAccess /> : <RouteError {...props} />
}
