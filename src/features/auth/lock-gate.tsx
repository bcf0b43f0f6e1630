import { lazy, Suspense, type ReactNode } from 'react'
import { useSession } from '../../api/use-session.ts'
import { activateWholeCatalog } from '../../i18n.ts'
import { appWasOpen, useLockStatus } from './lock-state.ts'
// Only its type: the screens themselves are loaded lazily below.
import type { LockProps } from './lock-screen.tsx'

// The lock's screens and watchers come after sign-in, with the app's texts
// (src/locales/*/app.po): the sign-in page carries neither.
const LockParts = lazy(async () => {
  const [parts] = await Promise.all([import('./lock-screen.tsx'), activateWholeCatalog()])
  return { default: parts.LockParts }
})

/**
 * Everything behind sign-in (`children`: the router) is shown only while the user's app is open
 * (docs/security.md#the-idle-lock). After a reload it is not drawn at all until the PIN or the
 * password, so that no screen shows kept data or calls the API before; idle too long, it is hidden
 * and out of reach behind the lock screen. Signed out, or signing in, the router is drawn as it is.
 * The router keeps its place in the tree whatever the lock's parts do beside it.
 */
export function LockGate({ children, ...props }: LockProps & { children: ReactNode }) {
  const session = useSession()
  const status = useLockStatus()
  const signedIn = session !== null && status !== 'signedOut'
  const open = !signedIn || status === 'open'
  // Locked for want of use, the screens stay as they were, hidden and out of reach (`inert`).
  const kept = open || (status === 'locked' && appWasOpen())
  // The lock screen comes first: once it goes, Tab goes on from the top of the screen.
  return (
    <>
      {signedIn && (
        <Suspense fallback={null}>
          <LockParts status={status} {...props} />
        </Suspense>
      )}
      <div style={{ display: open ? 'contents' : 'none' }} inert={!open}>
        {kept ? children : null}
      </div>
    </>
  )
}
