import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireStore } from '../../features/auth/guards.ts'

/** Screens a manager reaches only with a store: home, trials, vouchers, customers, used codes. */
export const Route = createFileRoute('/_app/_store')({
  beforeLoad: ({ location }) => requireStore(location),
  component: Outlet,
})
