import { messages } from './messages.ts'

// The refusals of a trial the tablet tries again (docs/api.md#quarantine): its outbox reads these
// on every answer, so they stay apart from the quarantine's list of final ones
// (`finalRefusalCodes`, quarantine.ts), which only the hand-over reads.

/**
 * Refusals a retry can change, though their status is a 4xx: the tablet tries them again later
 * like a busy server's answer.
 */
export const retriedRefusalCodes: readonly string[] = [
  messages.trialSealKeyUnknown.id,
  messages.appTooOld.id,
  messages.badApp.id,
]
