import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { VoucherStatus, voucherTypes } from '../../contract/vouchers.ts'

/** The word on a voucher's status badge (the sentence is the shared message). */
export const voucherStatusLabels: Record<VoucherStatus, MessageDescriptor> = {
  valid: msg({ id: 'voucher.status.valid', message: 'Valid' }),
  used: msg({ id: 'voucher.status.used', message: 'Already used' }),
  expired: msg({ id: 'voucher.status.expired', message: 'Expired' }),
}

export const voucherTypeLabels: Record<(typeof voucherTypes)[number], MessageDescriptor> = {
  MGM: msg`Referral (MGM)`,
  LOYALTY: msg`Loyalty`,
  PROMO: msg`Promotion`,
}
