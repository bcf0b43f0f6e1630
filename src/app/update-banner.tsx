import { useEffect, useState } from 'react'
import { useSelector } from '@tanstack/react-store'
import { useRouterState } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { config } from '../config.ts'
import { acceptUpdate, checkForUpdate, updateWaiting } from '../offline/service-worker.ts'
import { useMinAppVersion } from '../api/min-app-version.ts'
import { isBelowMinimum } from '../contract/app-version.ts'
import { Button } from '../ui/button.tsx'
import styles from './update-banner.module.css'

/**
 * "A new version is available": shown when a new service worker waits, never during a trial (the
 * app never reloads under one). Below the server's minimum version it cannot be put away: the
 * app then must update at the next moment outside a trial (docs/behaviour.md#updates).
 */
export function UpdateBanner() {
  const waiting = useSelector(updateWaiting)
  const required = isBelowMinimum(config.appVersion, useMinAppVersion())
  const [dismissed, setDismissed] = useState(false)
  const inTrial = useRouterState({
    select: (router) => router.location.pathname.startsWith('/free-guided-trial'),
  })
  // Too old and no newer worker known yet: ask the server for it now, not at the next timer.
  useEffect(() => {
    if (required && !waiting) checkForUpdate()
  }, [required, waiting])
  if (inTrial || (!waiting && !required) || (dismissed && !required)) return null
  return (
    <div className={styles.banner} role={required ? 'alert' : 'status'} data-required={required}>
      <span>
        {required ? (
          <Trans>
            This version of the app is no longer supported: update it. Finished trials are kept and
            sent.
          </Trans>
        ) : (
          <Trans>A new version of the app is available.</Trans>
        )}
      </span>
      <span className={styles.actions}>
        {waiting && (
          <Button variant={required ? 'primary' : 'secondary'} onClick={acceptUpdate}>
            {required ? <Trans>Update now</Trans> : <Trans>Reload now</Trans>}
          </Button>
        )}
        {!required && (
          <Button variant="secondary" onClick={() => setDismissed(true)}>
            <Trans>Later</Trans>
          </Button>
        )}
      </span>
    </div>
  )
}
