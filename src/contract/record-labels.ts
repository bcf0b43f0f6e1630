import type { MessageDescriptor } from '@lingui/core'
import type { VisitReason } from './customers.ts'
import type { VoucherStatus, VoucherType } from './vouchers.ts'

/** The words shown (in the PWA and in reports) for the keys of vouchers and visit notes. */
export const voucherStatusLabels: Record<VoucherStatus, MessageDescriptor> = {
  valid: /*i18n*/ { id: 'voucher.status.valid', message: 'Valid' },
  used: /*i18n*/ { id: 'voucher.status.used', message: 'Already used' },
  expired: /*i18n*/ { id: 'voucher.status.expired', message: 'Expired' },
}

export const voucherTypeLabels: Record<VoucherType, MessageDescriptor> = {
  MGM: /*i18n*/ { id: 'voucher.type.MGM', message: 'Referral (MGM)' },
  LOYALTY: /*i18n*/ { id: 'voucher.type.LOYALTY', message: 'Loyalty' },
  PROMO: /*i18n*/ { id: 'voucher.type.PROMO', message: 'Promotion' },
}

/** Why the customer came (docs/behaviour.md#records: info, purchase, service, reclamation). */
export const visitReasonLabels: Record<VisitReason, MessageDescriptor> = {
  info: /*i18n*/ { id: 'visit.reason.info', message: 'Information' },
  purchase: /*i18n*/ { id: 'visit.reason.purchase', message: 'Purchase' },
  service: /*i18n*/ { id: 'visit.reason.service', message: 'Service' },
  reclamation: /*i18n*/ { id: 'visit.reason.reclamation', message: 'Reclamation' },
}

/** The marks of a trial's capture time (docs/behaviour.md#capture-time), as words. */
export const captureMarkLabels = {
  captureUncertain: /*i18n*/ {
    id: 'trial.mark.captureUncertain',
    message: 'Capture time estimated from when it was sent',
  },
  clockSkewed: /*i18n*/ { id: 'trial.mark.clockSkewed', message: "The tablet's clock was off" },
  captureImplausible: /*i18n*/ {
    id: 'trial.mark.captureImplausible',
    message: 'Capture time not believable: dated when received',
  },
} satisfies Record<string, MessageDescriptor>
export type CaptureMark = keyof typeof captureMarkLabels
export const captureMarks = Object.keys(captureMarkLabels) as CaptureMark[]
