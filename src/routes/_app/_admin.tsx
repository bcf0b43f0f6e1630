import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireAccess } from '../../features/auth/guards.ts'

/**
 * Users, experts, surveys and stores: super and admin only (docs/behaviour.md#roles-and-access).
 */
export const Route = createFileRoute('/_app/_admin')({
  beforeLoad: ({ location }) => {
    requireAccess('administration', location)
  },
  component: Outlet,
})
