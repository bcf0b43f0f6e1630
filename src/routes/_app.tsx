import { createFileRoute } from '@tanstack/react-router'
import { AppShell } from '../features/layout/app-shell.tsx'
import { requireAccess } from '../features/auth/guards.ts'
import { afterPaintWhenIdle } from '../ui/when-idle.ts'

/** Every screen behind sign-in: the guard, then the header, the screen and the footer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ location }) => ({ session: requireAccess('anyUser', location) }),
  // Entering the app (after sign-in, or on start) readies it for offline use, once the first
  // screen has its code, data and paint: the catalogue, the stores and the pack images wait.
  onEnter: ({ context }) => {
    afterPaintWhenIdle(() => {
      void import('../features/layout/warm-offline.ts').then(({ warmOffline }) =>
        warmOffline(context.queryClient),
      )
    })
  },
  component: AppShell,
})
