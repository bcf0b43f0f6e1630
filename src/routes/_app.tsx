import { createFileRoute } from '@tanstack/react-router'
import { AppShell } from '../features/layout/app-shell.tsx'
import { requireAccess } from '../features/auth/guards.ts'
import { warmCatalogue } from '../features/trial/warm-catalogue.ts'
import { allStoresQueryOptions } from '../features/stores/store-queries.ts'

/** Every screen behind sign-in: the guard, then the header, the screen and the footer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => ({ session: requireAccess('anyUser', location) }),
  // Entering the app (after sign-in, or on start) readies the trial catalogue for offline use.
  onEnter: ({ context }) => {
    void warmCatalogue(context.queryClient)
    context.queryClient.query(allStoresQueryOptions()).catch(() => undefined)
  },
  component: AppShell,
})
