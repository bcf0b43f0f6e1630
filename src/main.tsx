import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
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

function signInAgain() {
  clearSession()
  void router.navigate({ to: '/login', search: { redirect: router.state.location.href } })
}

const queryClient = createQueryClient(signInAgain)
const router = createAppRouter(queryClient)

await activateLocale(storedLocale())

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root')
createRoot(root).render(
  <StrictMode>
    <I18nProvider i18n={i18n}>
      <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions}>
        <RouterProvider router={router} />
      </PersistQueryClientProvider>
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
})
