import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { QueryClientProvider } from '@tanstack/react-query'
import { I18nProvider } from '@lingui/react'
import { i18n } from '@lingui/core'
import './ui/theme.css'
import { activateLocale, storedLocale } from './i18n.ts'
import { createQueryClient } from './app/query-client.ts'
import { createAppRouter } from './router.tsx'
import { forgetPerson } from './api/people.ts'
import { clearSession, getSession, type SignedInUser } from './api/session.ts'
import { ApiError } from './api/api-error.ts'
import { refreshSession } from './features/auth/auth-api.ts'
import { startServiceWorker, whenServiceWorkerSays } from './offline/start-service-worker.ts'
import { restorePersonalLookups, restorePublicLookups } from './offline/query-persister.ts'
import {
  deviceWasUsed,
  kickStartedOutbox,
  startOutboxIfUsed,
  startOutboxNow,
  whenOutboxNeedsLogin,
} from './offline/outbox/start-outbox.ts'
import { swMessages } from './offline/sw-messages.ts'
import { setPackImageProgress } from './offline/pack-image-progress.ts'
import { afterPaintWhenIdle } from './ui/when-idle.ts'
import { installDefaultMessages } from './contract/default-messages.ts'
import { LockGate } from './features/auth/lock-gate.tsx'
import { beforeAppOpens, setLockStatus, whenAppOpens } from './features/auth/lock-state.ts'
import { signOut, stepAway } from './features/auth/sign-out.ts'

installDefaultMessages()

/**
 * An expired session: to the sign-in page, keeping where the user was; the user's kept data stays
 * locked on the device for their next sign-in. A session the server ended (revoked, the password
 * changed, the user deleted) wipes it. Once: a second expired answer (the start's /me and a
 * screen's query) finds the sign-in page already on its way.
 */
function signInAgain(ended = false) {
  const userId = getSession()?.user.id
  // Their PIN would open a token the server no longer takes: the password brings them back.
  if (userId !== undefined) forgetPerson(userId)
  clearSession()
  setLockStatus('signedOut')
  void import('./features/auth/device-vault.ts').then((vault) =>
    ended && userId !== undefined ? vault.wipeEndedSession(userId) : vault.forgetKey(userId),
  )
  const { pathname, href } = router.latestLocation
  if (pathname !== '/login') void router.navigate({ to: '/login', search: { redirect: href } })
}

/** Signed out from the lock screen (too many wrong PINs, nothing to open). */
function signedOutFromLock() {
  void signOut(queryClient).then(() => router.navigate({ to: '/login' }))
}

/**
 * Another person takes the tablet from the lock screen: the one locked steps away, their data
 * kept for their PIN; the chosen one is asked for theirs (someone new signs in at /login).
 */
function switchFromLock(person: SignedInUser | null) {
  void stepAway(queryClient, person).then(() => router.navigate({ to: person ? '/' : '/login' }))
}

/** The trial wizard, where the idle lock waits longer. */
function inWizard() {
  return router.latestLocation.pathname.startsWith('/free-guided-trial')
}

const queryClient = createQueryClient(signInAgain)
// A trial the server refused for the session (expired, or its user changed) waits for sign-in.
whenOutboxNeedsLogin(signInAgain)
const router = createAppRouter(queryClient)
// The customers and vouchers kept on the device open with the user's key, before any screen shows.
beforeAppOpens((userId) => restorePersonalLookups(queryClient, userId))

/**
 * Signed in on start: the code of the screen being opened loads at once, beside the catalog and
 * the kept look-ups, instead of after them. Admin screens' code waits for their guard.
 */
function loadScreenCode() {
  if (!getSession()) return
  const [routes] = router.getMatchedRoutes(window.location.pathname)
  if (routes.includes(router.routesById['/_app/_admin'])) return
  for (const route of routes) void router.loadRouteChunk(route)?.catch(() => undefined)
}

async function start() {
  setTimeout(loadScreenCode) // a task of its own: adding its preload links costs style work
  // The look-ups kept on the device are back in the cache before any screen loads, so a reload
  // with no connection opens them at once instead of waiting for the network.
  await Promise.all([
    activateLocale(storedLocale(), getSession() !== null),
    restorePublicLookups(queryClient),
  ])

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root')
  // A transition: React renders the first screen in slices, between which the browser can paint
  // and answer input, instead of in one long task.
  startTransition(() => {
    createRoot(root).render(
      <StrictMode>
        <I18nProvider i18n={i18n}>
          <QueryClientProvider client={queryClient}>
            <LockGate
              inWizard={inWizard}
              onSignedOut={signedOutFromLock}
              onSwitchTo={switchFromLock}
            >
              <RouterProvider router={router} />
            </LockGate>
          </QueryClientProvider>
        </I18nProvider>
      </StrictMode>,
    )
  })

  // On start a signed-in app refreshes its token and user
  // (docs/behaviour.md#states-and-transitions); offline it keeps them. Its outbox starts once the
  // first screen has painted and the browser is idle; with nobody signed in too, on a device that
  // may hold trials (docs/behaviour.md#devices).
  if (getSession()) {
    // Once the PIN has opened the session: no call goes with a token before.
    whenAppOpens(() => {
      refreshSession().catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 401) signInAgain(error.isSessionEnded)
      })
    })
    afterPaintWhenIdle(startOutboxNow)
  } else {
    afterPaintWhenIdle(() => void startOutboxIfUsed())
  }

  whenServiceWorkerSays((message) => {
    if (message.type === swMessages.replayOutbox) kickStartedOutbox()
    if (message.type === swMessages.packImagesProgress) setPackImageProgress(message)
  })
  if (getSession()) startServiceWorker()
  else
    afterPaintWhenIdle(() => {
      void deviceWasUsed().then((used) => {
        if (used) startServiceWorker()
      })
    })
}

void start()
