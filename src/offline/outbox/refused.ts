import { isFinalRefusal, type QuarantineOutcome } from '../../contract/quarantine.ts'
import type { OutboxItem } from './outbox-state.ts'

// What the outbox does with a trial refused for good (docs/behaviour.md#offline): pure, beside
// the hand-over (quarantine.ts) in a chunk of their own.

/**
 * A trial refused for a reason no retry changes, which only this device holds yet: it goes to the
 * server's quarantine (`quarantine.ts`), and its author may set it aside only after.
 */
export function toHandOver(item: OutboxItem): boolean {
  return (
    item.state === 'failed' &&
    item.quarantine === undefined &&
    item.lastError !== undefined &&
    item.lastError !== null &&
    isFinalRefusal(item.lastError.code)
  )
}

/** What the outbox does with an item once the quarantine's outcome is known. */
export function afterOutcome(
  item: OutboxItem,
  outcome: QuarantineOutcome,
): { receipt: number } | { item: OutboxItem } {
  if (outcome.state === 'accepted' && outcome.trialId !== null) return { receipt: outcome.trialId }
  return { item: { ...item, quarantine: outcome } }
}
