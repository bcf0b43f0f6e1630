import type { MessageDescriptor } from '@lingui/core'
import type { CorrectionReason, RejectionReason } from './review.ts'

/**
 * The words of a rejection's or a correction's reason: the report's cells (translated by the
 * server), the administration's screens and the device's Sent list show them, so they are in the
 * app's catalog, not the administration's (review-labels.ts, lingui.config.ts).
 */
export const rejectionReasonLabels: Record<RejectionReason, MessageDescriptor> = {
  test: /*i18n*/ { id: 'review.reason.test', message: 'Test or training' },
  duplicate: /*i18n*/ { id: 'review.reason.duplicate', message: 'Duplicate' },
  'wrong-store': /*i18n*/ { id: 'review.reason.wrongStore', message: 'Wrong store' },
  'not-a-customer': /*i18n*/ { id: 'review.reason.notACustomer', message: 'Not a real customer' },
  other: /*i18n*/ { id: 'review.reason.other', message: 'Other' },
}

export const correctionReasonLabels: Record<CorrectionReason, MessageDescriptor> = {
  'wrong-store': /*i18n*/ {
    id: 'correction.reason.wrongStore',
    message: 'Entered at the wrong store',
  },
  'wrong-answer': /*i18n*/ { id: 'correction.reason.wrongAnswer', message: 'A wrong answer' },
  typo: /*i18n*/ { id: 'correction.reason.typo', message: 'A typing error' },
  other: /*i18n*/ { id: 'correction.reason.other', message: 'Other' },
}
