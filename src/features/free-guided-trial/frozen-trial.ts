import type { ClockOffset } from '../../api/server-clock.ts'
import {
  trialContractVersion,
  trialContractVersionWithoutEdition,
  type TrialBody,
} from '../../contract/trial.ts'
import type { TrialAnswersBody } from './trial-body.ts'

/**
 * The trial as it is frozen at Finish: the answers, the device's clock, the offset to the server's
 * clock last learned (with when), and the shape's version (docs/behaviour.md#capture-time). Never
 * rewritten on the device afterwards (under the same key another body would be refused).
 */
export function frozenTrial(
  answers: TrialAnswersBody,
  now: number,
  offset: ClockOffset | null,
): TrialBody {
  return {
    ...answers,
    finished_at: new Date(now).toISOString(),
    ...(offset && {
      clock_offset_ms: offset.offsetMs,
      clock_offset_at: new Date(offset.learnedAt).toISOString(),
    }),
    contract_version:
      answers.content_edition === undefined
        ? trialContractVersionWithoutEdition
        : trialContractVersion,
  }
}
