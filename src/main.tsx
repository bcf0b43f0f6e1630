import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { persistQueryClient } from '@tanstack/react-query-persist-client'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import './ui/theme.css'
import { activateLocale, storedLocale } from './i18n.ts'
import { createQueryClient } from './api/query-client.ts'
import { createAppRouter } from './router.tsx'
import { clearSession, getSession } from './api/session.ts'
import { ApiError } from './api/api-error.ts'
import { refreshSession } from './features/auth/auth-api.ts'
import { registerServiceWorker } from './offline/service-worker.ts'
import { persistOptions } from './offline/query-persister.ts'
import { kickOutbox, startOutboxRunner } from './offline/outbox-runner.ts'
import { swMessages } from './offline/sw-messages.ts'
import { setPackImageProgress } from './offline/pack-image-progress.ts'

function signInAgain() {
  clearSession()
  void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
}

const queryClient = createQueryClient(signInAgain)
const router = createAppRouter(queryClient)

// The look-ups kept on the device are back in the cache before any screen loads, so a reload
// with no connection opens them at once instead of waiting for the network.
const [, restored] = persistQueryClient({ queryClient, ...persistOptions })
await Promise.all([activateLocale(storedLocale()), restored])

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nProvider>
  </StrictMode>,
)

// On start a signed-in app refreshes its token and user (spec section 4); offline it keeps them.
if (getSession()) {
  refreshSession().catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) signInAgain()
  })
}

startOutboxRunner(() => getSession()?.user.id ?? null)
registerServiceWorker((message) => {
  if (message.type === swMessages.replayOutbox) kickOutbox()
  if (message.type === swMessages.packImagesProgress) setPackImageProgress(message)
})
