import { createFileRoute, lazyRouteComponent, Outlet } from '@tanstack/react-router'
import { requireAccess } from '../../features/auth/guards.ts'

/**
 * Users, experts, trials and stores: super and admin only (docs/behaviour.md#roles-and-access);
 * anyone else signed in is told so inside the app.
 */
export const Route = createFileRoute('/_app/_admin')({
  beforeLoad: ({ location }) => {
    requireAccess('administration', location)
  },
  errorComponent: lazyRouteComponent(() => import('../../app/access-error.tsx'), 'AccessError'),
  component: Outlet,
})
