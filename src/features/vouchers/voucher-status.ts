import type { Locale } from '../../contract/locale.ts'
import { messages } from '../../contract/messages.ts'
import {
  mgmVoucherValue,
  type Money,
  type Voucher,
  type VoucherStatus,
} from '../../contract/vouchers.ts'

/**
 * The shared message of each voucher status (docs/behaviour.md#errors-and-messages), as the server
 * also sends it.
 */
export const voucherStatusMessage: Record<VoucherStatus, { id: string; message: string }> = {
  valid: messages.voucherValid,
  used: messages.voucherUsed,
  expired: messages.voucherExpired,
}

export type BadgeTone = 'success' | 'neutral' | 'danger'

/** How a status badge looks: valid green, used grey, expired red. */
export const voucherStatusTone: Record<VoucherStatus, BadgeTone> = {
  valid: 'success',
  used: 'neutral',
  expired: 'danger',
}

/**
 * What the voucher is worth as shown here: a referral (MGM) voucher's value is the locale's
 * (docs/behaviour.md#constants-and-limits: 1000.00 RSD in sr, 5.00 EUR in me); any other shows its
 * own value.
 */
export function voucherValue(
  voucher: Pick<Voucher, 'type' | 'value'>,
  locale: Locale,
): Money | null {
  return voucher.type === 'MGM' ? mgmVoucherValue[locale] : voucher.value
}

/** Only a valid voucher can be redeemed. */
export function canRedeem(voucher: Pick<Voucher, 'status'>): boolean {
  return voucher.status === 'valid'
}
