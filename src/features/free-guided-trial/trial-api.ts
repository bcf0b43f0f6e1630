import { useMutation } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import { knownOffset } from '../../api/server-clock.ts'
import { config } from '../../config.ts'
import { isQuotaError, offlineDatabase, type OfflineDatabase } from '../../offline/database.ts'
import { finishTrialOnDevice, kickOutbox, requestOutboxSync } from '../../offline/outbox/index.ts'
import { sealingKey } from '../../offline/seal-key.ts'
import { sealTrialContact } from '../../contract/trial-contact.ts'
import type { TrialBody } from '../../contract/trial.ts'
import { showToast } from '../../ui/toast/show-toast.ts'
import { frozenTrial } from './frozen-trial.ts'
import type { TrialAnswersBody } from './trial-body.ts'

/** What the wizard finishes: its trial id and its answers. */
export type FinishedWizard = { userId: number; trialId: string; answers: TrialAnswersBody }

/** The device has no key to seal the customer's contact to, and cannot fetch one now. */
export class NoSealKeyError extends Error {
  constructor() {
    super("The server's key for sealing trials is not on this device.")
    this.name = 'NoSealKeyError'
  }
}

/** The frozen trial as the device keeps it: a guided trial's contact sealed; free text as it is. */
async function sealedOnDevice(
  db: OfflineDatabase,
  frozen: TrialBody,
  trialId: string,
): Promise<TrialBody> {
  if (typeof frozen.comment === 'string') return frozen
  const key = await sealingKey(db)
  if (!key) throw new NoSealKeyError()
  return sealTrialContact(frozen, trialId, key)
}

/**
 * Finishing a trial seals the customer's contact to the server's key (decision 20: a device with
 * no key keeps the draft and asks for a connection) and puts it in the device's outbox first, under the wizard's trial id (its
 * Idempotency-Key), and drops its draft, in one transaction, and answers at once, online or not;
 * the outbox sends it. A wizard finished before adds nothing.
 */
export function useFinishTrial() {
  const { t } = useLingui()
  return useMutation({
    meta: { silent: true },
    mutationFn: async ({ userId, trialId, answers }: FinishedWizard) => {
      const now = Date.now()
      const db = offlineDatabase()
      const frozen = frozenTrial(answers, now, knownOffset())
      const finished = await finishTrialOnDevice(
        db,
        userId,
        trialId,
        await sealedOnDevice(db, frozen, trialId),
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
        error instanceof NoSealKeyError
          ? t`This device has not yet received the key that protects the customer's contact data. Connect to the internet and press Finish again; the answers are kept.`
          : isQuotaError(error)
            ? t`This device has no room left to keep the trial. Free some storage and press Finish again.`
            : t`The trial could not be saved on this device. Press Finish again.`,
      )
    },
  })
}
