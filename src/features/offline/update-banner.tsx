import { useSyncExternalStore } from 'react'
import { useRouterState } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { acceptUpdate, updateStore } from '../../offline/service-worker.ts'
import { Button } from '../../ui/button.tsx'
import styles from './update-banner.module.css'

/** "A new version is available": shown when a new service worker waits, never during a trial. */
export function UpdateBanner() {
  const { waiting } = useSyncExternalStore(updateStore.subscribe, updateStore.getSnapshot)
  const inTrial = useRouterState({
    select: (router) => router.location.pathname.startsWith('/free-guided-trial'),
  })
  if (!waiting || inTrial) return null
  return (
    <div className={styles.banner} role="status">
      <span>
        <Trans>A new version of the app is available.</Trans>
      </span>
      <Button variant="secondary" onClick={acceptUpdate}>
        <Trans>Reload now</Trans>
      </Button>
    </div>
  )
}
