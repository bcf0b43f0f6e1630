import { useMutation } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { config } from '../../config.ts'
import { trialContractVersion, type TrialBody } from '../../contract/trial.ts'
import { isQuotaError, offlineDatabase } from '../../offline/database.ts'
import { finishTrialOnDevice } from '../../offline/outbox.ts'
import { kickOutbox, requestOutboxSync } from '../../offline/outbox-runner.ts'
import { showToast } from '../../ui/toast/show-toast.ts'
import type { TrialAnswersBody } from './trial-body.ts'

/** What the wizard finishes: its trial id and its answers. */
export type FinishedWizard = { userId: number; trialId: string; answers: TrialAnswersBody }

/**
 * The trial as it is frozen at Finish: the answers, the device's clock and the shape's version.
 * Never rewritten on the device afterwards (under the same key another body would be refused).
 */
export function frozenTrial(answers: TrialAnswersBody, now: number): TrialBody {
  return {
    ...answers,
    finished_at: new Date(now).toISOString(),
    contract_version: trialContractVersion,
  }
}

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
        frozenTrial(answers, now),
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
