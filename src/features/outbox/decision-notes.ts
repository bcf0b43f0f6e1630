import type { CorrectionReason, RejectionReason } from '../../contract/review.ts'
import type { Decision } from '../../contract/trial-decisions.ts'

/**
 * What the Sent list says of a trial's decision: accepted (a refused trial the office took from
 * the quarantine, or one it reviewed); rejected, and why; corrected, and why.
 */
export type DecisionNote =
  | { kind: 'accepted' }
  | { kind: 'rejected'; reason: RejectionReason | null }
  | { kind: 'corrected'; reason: CorrectionReason }

/** The notes of a trial's decision, none while nobody decided on it or corrected it. */
export function decisionNotes(decision: Decision | undefined): DecisionNote[] {
  if (decision === undefined) return []
  const notes: DecisionNote[] = []
  if (decision.state === 'accepted') notes.push({ kind: 'accepted' })
  if (decision.state === 'rejected') notes.push({ kind: 'rejected', reason: decision.reason })
  if (decision.corrected !== null) notes.push({ kind: 'corrected', reason: decision.corrected })
  return notes
}
