import { Trans } from '@lingui/react/macro'
import { useServerReachable } from '../../api/reachability.ts'
import styles from './auth-form.module.css'

/** Signing in needs the server: say so plainly when the device has no connection. */
export function OfflineNotice() {
  const online = useServerReachable()
  if (online) return null
  return (
    <p role="status" className={styles.formNotice}>
      <Trans>
        You are offline. Signing in needs a connection; once signed in, you can keep working without
        one.
      </Trans>
    </p>
  )
}
