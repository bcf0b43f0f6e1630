import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { correctionReasonLabels, rejectionReasonLabels } from '../../contract/decision-labels.ts'
import { correctionReasons, rejectionReasons, type revisionKinds } from '../../contract/review.ts'
import type { CorrectionReason, RejectionReason } from '../../contract/review.ts'
import type { QuarantineState } from '../../contract/quarantine.ts'

/** What made a revision, as the history says it. */
export const revisionKindLabels: Record<(typeof revisionKinds)[number], MessageDescriptor> = {
  received: msg`Received`,
  review: msg`Decision`,
  correction: msg`Correction`,
}

function isRejectionReason(code: string): code is RejectionReason {
  return rejectionReasons.some((reason) => reason === code)
}

function isCorrectionReason(code: string): code is CorrectionReason {
  return correctionReasons.some((reason) => reason === code)
}

/** A revision's reason in words: a rejection's or a correction's; a code no longer known as it is. */
export function reasonLabel(
  kind: (typeof revisionKinds)[number],
  code: string,
): MessageDescriptor | string {
  if (kind === 'correction' && isCorrectionReason(code)) return correctionReasonLabels[code]
  if (kind === 'review' && isRejectionReason(code)) return rejectionReasonLabels[code]
  return code
}

/** A quarantined trial's state, as the quarantine's list and item say it. */
export const quarantineStateLabels: Record<QuarantineState, MessageDescriptor> = {
  waiting: msg`Waiting for a decision`,
  accepted: msg`Accepted as a trial`,
  rejected: msg`Rejected`,
}
