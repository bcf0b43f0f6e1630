import { createFileRoute } from '@tanstack/react-router'
import { AppShell } from '../features/layout/app-shell.tsx'
import { requireAccess } from '../features/auth/guards.ts'

/** Every screen behind sign-in: the guard, then the header, the screen and the footer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => ({ session: requireAccess('anyUser', location) }),
  component: AppShell,
})
