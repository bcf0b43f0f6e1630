import { useMutation } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { TrialBody } from '../../contract/trial.ts'
import { isQuotaError, offlineDatabase } from '../../offline/database.ts'
import { finishTrialOnDevice } from '../../offline/outbox.ts'
import { kickOutbox, requestOutboxSync } from '../../offline/outbox-runner.ts'
import { showToast } from '../../ui/toast/show-toast.ts'

/**
 * Finishing a trial puts it in the device's outbox first (with its Idempotency-Key) and drops
 * its draft, in one transaction, and answers at once, online or not; the outbox sends it (design section 5).
 */
export function useFinishTrial() {
  const { t } = useLingui()
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ userId, body }: { userId: number; body: TrialBody }) => {
      const item = await finishTrialOnDevice(offlineDatabase(), userId, body)
      if ('storage' in navigator) void navigator.storage.persist()
      void requestOutboxSync()
      kickOutbox()
      return item
    },
    onError: (error) => {
      console.error('The trial could not be queued', error)
      showToast(
        'error',
        isQuotaError(error)
          ? t`This device has no room left to keep the trial. Free some storage and press Finish again.`
          : t`The trial could not be saved on this device. Press Finish again.`,
      )
    },
  })
}
