import { lazy, Suspense, useState } from 'react'
import { useNavigate } from '@tanstack/react-router'
import { useQueryClient } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { useOutboxCount } from '../../offline/outbox/index.ts'
import { signOut } from './sign-out.ts'

const LogoutDialog = lazy(async () => ({
  default: (await import('./logout-dialog.tsx')).LogoutDialog,
}))

/**
 * Logs out and goes to the sign-in page. With unsent trials of one's own it asks first, and says
 * they stay on the device and are sent with its credential (docs/behaviour.md#devices).
 */
export function LogoutButton({ userId, className }: { userId: number; className?: string }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const waiting = useOutboxCount(userId)
  const [asking, setAsking] = useState(false)
  const logOut = () => void signOut(queryClient).then(() => navigate({ to: '/login' }))

  return (
    <>
      <button
        type="button"
        className={className}
        onClick={() => (waiting > 0 ? setAsking(true) : logOut())}
      >
        <Trans>Log out</Trans>
      </button>
      {asking && (
        <Suspense fallback={null}>
          <LogoutDialog waiting={waiting} onStay={() => setAsking(false)} onLogOut={logOut} />
        </Suspense>
      )}
    </>
  )
}
