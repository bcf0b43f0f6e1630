import { offlineDatabase } from '../database.ts'
import type { OutboxItem } from './outbox-state.ts'
import { watchOutbox } from './use-outbox.ts'

/** Where a trial just saved is: the server has it, or it waits on this device to be sent. */
export type TrialOutcome = 'received' | 'kept'

/**
 * What the device says of a trial just saved: received once it has a receipt; kept once its first
 * attempt failed (or it waits for its author's sign-in, or was refused); not known while that first
 * attempt runs.
 */
export function outcomeOf(
  received: boolean,
  item: Pick<OutboxItem, 'state' | 'attempts'> | undefined,
): TrialOutcome | undefined {
  if (received) return 'received'
  if (item && (item.state !== 'waiting' || item.attempts > 0)) return 'kept'
  return undefined
}

/**
 * Resolves with where the trial is once the outbox's first attempt to send it is over; a trial
 * still unsent after `patienceMs` (a slow answer) is kept, as far as anyone can say then.
 */
export function trialOutcome(trialId: string, patienceMs = 8000): Promise<TrialOutcome> {
  const db = offlineDatabase()
  return new Promise((resolve) => {
    let stop = () => {}
    const settle = (outcome: TrialOutcome) => {
      stop()
      clearTimeout(timer)
      resolve(outcome)
    }
    const timer = setTimeout(() => settle('kept'), patienceMs)
    stop = watchOutbox(
      db,
      async () =>
        outcomeOf((await db.receipts.get(trialId)) !== undefined, await db.outbox.get(trialId)),
      (outcome) => {
        if (outcome) settle(outcome)
      },
      0,
    )
  })
}
