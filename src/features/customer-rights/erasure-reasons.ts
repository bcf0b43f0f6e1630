import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { ErasureReason } from '../../contract/customer-rights.ts'

/** Why personal data is erased, as the erasure dialog offers it (the audit log keeps the code). */
export const erasureReasonLabels: Record<ErasureReason, MessageDescriptor> = {
  request: msg`The person asked for it`,
  'consent-withdrawn': msg`Consent withdrawn`,
  objection: msg`Objection to processing`,
  'legal-obligation': msg`Legal obligation`,
  other: msg`Other`,
}
