import { t } from '@lingui/core/macro'
import { clearSession, getSession } from '../api/session.ts'
import type { DeliveredAction } from '../contract/delivered-actions.ts'
import type { ActionDone } from '../contract/devices.ts'
import { showToast } from '../ui/toast/show-toast.ts'
import { offlineDatabase } from './database.ts'
import { wipePersistedQueries } from './query-persister.ts'
import { forgetPerson } from '../api/people.ts'
import { isWizardPath } from './remote-action-plan.ts'
import { acceptUpdate, checkForUpdate, updateWaiting } from './service-worker.ts'
import { wipeOnSignOut } from './vault.ts'

/**
 * What each remote action does on the tablet (docs/behaviour.md#remote-actions), loaded with the
 * first one to act on. `remote-actions.ts` decides when, records and acknowledges.
 */

const waitStep = 2_000
/** How long an update waits for the new version to install before it leaves it to the banner. */
const updateWaitMs = 5 * 60_000

/** The short notice of each action to whoever uses the tablet: one text, so that the catalog every tablet loads grows by one line only. */
const notice = () => t`Done at the administration's request.`

function inWizard(): boolean {
  return isWizardPath(window.location.pathname)
}

/** What the action does on this tablet, and a short notice to whoever uses it. */
export async function act(
  action: DeliveredAction,
  replayOutbox: () => Promise<unknown>,
): Promise<Pick<ActionDone, 'result' | 'detail'>> {
  switch (action.action) {
    case 'refresh':
      await replayOutbox()
      // The kept look-ups are written again from fresh answers as the screens ask for them.
      await wipePersistedQueries()
      showToast('info', notice())
      return { result: 'done' }
    case 'update':
      await replayOutbox()
      checkForUpdate()
      showToast('info', notice())
      return { result: 'done' }
    case 'wipe':
      await replayOutbox().catch(() => undefined)
      await wipeKeptData()
      showToast('info', notice())
      return { result: 'done' }
    case 'sign-out':
      await signOutOnTablet(action.userId)
      return { result: 'done' }
    case 'message':
      await showUntilDismissed(action.text ?? '')
      return { result: 'done' }
  }
}

/** After its acknowledgement: an update takes the new version, a wipe or sign-out reloads. */
export async function afterwards(
  action: DeliveredAction,
  whenItMayAct: (action: DeliveredAction) => Promise<void>,
): Promise<void> {
  if (action.action === 'update') {
    // The new version installs in the background: it is taken once it waits, outside a wizard.
    const until = Date.now() + updateWaitMs
    while (Date.now() < until && !(updateWaiting.get() && !inWizard())) {
      await new Promise((resolve) => setTimeout(resolve, waitStep))
    }
    if (updateWaiting.get() && !inWizard()) acceptUpdate()
    return
  }
  if (action.action === 'wipe' || (action.action === 'sign-out' && reloadAfterSignOut)) {
    reloadAfterSignOut = false
    await whenItMayAct({ ...action, action: 'update' })
    window.location.reload()
  }
}

/**
 * The customers, vouchers and drafts kept on the tablet go; the device's id and secret, the
 * credentials, the PINs and the outbox stay, so finished trials still go out.
 */
async function wipeKeptData(): Promise<void> {
  await wipePersistedQueries()
  const db = offlineDatabase()
  await db.transaction(
    'rw',
    [db.keptRecords, db.drafts, db.strandedDrafts, db.lookups],
    async () => {
      await Promise.all([
        db.keptRecords.clear(),
        db.drafts.clear(),
        db.strandedDrafts.clear(),
        db.lookups.clear(),
      ])
    },
  )
}

let reloadAfterSignOut = false

/** Signs the person out on this tablet: their kept data goes; their credential stays. */
async function signOutOnTablet(userId: number | undefined): Promise<void> {
  if (userId === undefined) return
  const session = getSession()
  forgetPerson(userId)
  await wipeOnSignOut(offlineDatabase(), userId)
  if (session?.user.id === userId) {
    await wipePersistedQueries(userId)
    clearSession()
    reloadAfterSignOut = true
    showToast('info', notice())
  }
}

/** The admin's message, on screen until the person using the tablet dismisses it. */
async function showUntilDismissed(text: string): Promise<void> {
  // Only `showToast` brings the toaster in; its toast (3 seconds) gives way to one that stays.
  showToast('info', text)
  const { toastQueue } = await import('../ui/toast/toast-queue.ts')
  const id = toastQueue.notify({ kind: 'info', message: text, duration: Infinity })
  await new Promise<void>((resolve) => {
    const check = () => {
      const { top, bottom } = toastQueue.getSnapshot()
      const shown = [...top, ...bottom]
      for (const toast of shown) {
        if (toast.message === text && toast.id !== id && toast.phase === 'visible') {
          toastQueue.dismiss(toast.id)
        }
      }
      if (shown.some((toast) => toast.id === id)) return
      stop()
      resolve()
    }
    const stop = toastQueue.subscribe(check)
    check()
  })
}
