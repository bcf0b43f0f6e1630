import { useMutation } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { knownOffset } from '../../api/server-clock.ts'
import { config } from '../../config.ts'
import { isQuotaError, offlineDatabase } from '../../offline/database.ts'
import { finishTrialOnDevice } from '../../offline/outbox.ts'
import { kickOutbox, requestOutboxSync } from '../../offline/outbox-runner.ts'
import { showToast } from '../../ui/toast/show-toast.ts'
import { frozenTrial } from './frozen-trial.ts'
import type { TrialAnswersBody } from './trial-body.ts'

/** What the wizard finishes: its trial id and its answers. */
export type FinishedWizard = { userId: number; trialId: string; answers: TrialAnswersBody }

/**
 * Finishing a trial puts it in the device's outbox first, under the wizard's trial id (its
 * Idempotency-Key), and drops its draft, in one transaction, and answers at once, online or not;
 * the outbox sends it. A wizard finished before adds nothing.
 */
export function useFinishTrial() {
  const { t } = useLingui()
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ userId, trialId, answers }: FinishedWizard) => {
      const now = Date.now()
      const finished = await finishTrialOnDevice(
        offlineDatabase(),
        userId,
        trialId,
        frozenTrial(answers, now, knownOffset()),
        now,
        config.appVersion,
      )
      if ('storage' in navigator) void navigator.storage.persist()
      void requestOutboxSync()
      kickOutbox()
      return finished
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
