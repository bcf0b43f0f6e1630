import type { MessageDescriptor } from '@lingui/core'
import type { ReviewState } from './review.ts'

/**
 * The words of a trial's review, shared by the report's cells (translated by the server) and the
 * screens. The `/*i18n*\/` mark makes `lingui extract` collect them. The reasons' words are in
 * decision-labels.ts: the device's Sent list shows them too.
 */
export const reviewStateLabels: Record<ReviewState, MessageDescriptor> = {
  unreviewed: /*i18n*/ { id: 'review.state.unreviewed', message: 'Not reviewed' },
  accepted: /*i18n*/ { id: 'review.state.accepted', message: 'Accepted' },
  rejected: /*i18n*/ { id: 'review.state.rejected', message: 'Rejected' },
}
