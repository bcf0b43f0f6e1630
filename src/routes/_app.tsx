import { createFileRoute } from '@tanstack/react-router'
import { AppShell } from '../app/app-shell.tsx'
import { requireAccess } from '../features/auth/guards.ts'
import { afterPaintWhenIdle } from '../ui/when-idle.ts'
import { activateWholeCatalog } from '../i18n.ts'

/** Every screen behind sign-in: the guard, then the header, the screen and the footer. */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location }) => {
    const session = requireAccess('anyUser', location)
    // Signed in from the sign-in page, which has only its own messages: the app's come first.
    await activateWholeCatalog()
    return { session }
  },
  // Entering the app (after sign-in, or on start) readies it for offline use, once the first
  // screen has its code, data and paint: the catalogue, the stores and the pack images wait.
  onEnter: ({ context }) => {
    afterPaintWhenIdle(() => {
      void import('../app/warm-offline.ts').then(({ warmOffline }) =>
        warmOffline(context.queryClient),
      )
    })
  },
  component: AppShell,
})
