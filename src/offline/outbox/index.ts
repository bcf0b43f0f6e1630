/**
 * The outbox's front door: what the rest of the app does with finished trials, and reads of them.
 * A trial's journey (docs/architecture.md#a-trials-journey): `finishTrialOnDevice` freezes it in
 * the device's database under its trial id; the runner (`outbox-runner.ts`) replays the outbox
 * with `send-trial.ts` under one Web Lock (`sender-lock.ts`), keeping a receipt of what the server
 * stored (`receipts.ts`) and telling the administration through the heartbeat (`heartbeat.ts`).
 * The runner itself is started after the first screen by `start-outbox.ts`, the one other module
 * the app imports from here, so that the sign-in page carries none of this.
 */
export { discardTrial, finishTrialOnDevice, retryTrial } from './outbox.ts'
export { kickOutbox, requestOutboxSync, sendOutboxNow, sendProgress } from './outbox-runner.ts'
export type { KeptError, OutboxItem } from './outbox-state.ts'
export { useReceipts } from './receipts.ts'
export { trialOutcome } from './trial-outcome.ts'
export { useDatabaseProblem, useOutbox, useOutboxCount, useTrialDelivery } from './use-outbox.ts'
