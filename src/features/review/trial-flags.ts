import type { TrialFlag } from '../../contract/review.ts'
import type { Trial } from '../../contract/trial.ts'

/** How long after its capture a trial may arrive before it is flagged `late` (docs/api.md#review). */
const lateAfterMs = 60 * 60_000

/** The flags a trial shows, as the server's search finds them (server/routes/trials/queries.ts). */
export function flagsOf(
  trial: Pick<
    Trial,
    | 'possibleDuplicateOf'
    | 'capturedAt'
    | 'receivedAt'
    | 'clockSkewed'
    | 'captureImplausible'
    | 'otherStore'
  >,
): Exclude<TrialFlag, 'any'>[] {
  const flags: Exclude<TrialFlag, 'any'>[] = []
  if (trial.possibleDuplicateOf !== null) flags.push('duplicate')
  if (Date.parse(trial.receivedAt) - Date.parse(trial.capturedAt) > lateAfterMs) flags.push('late')
  if (trial.clockSkewed || trial.captureImplausible) flags.push('clock')
  if (trial.otherStore) flags.push('store')
  return flags
}
