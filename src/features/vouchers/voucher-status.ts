import { countries, type Country } from '../../contract/countries.ts'
import {
  mgmVoucherValue,
  type Money,
  type Voucher,
  type VoucherStatus,
} from '../../contract/vouchers.ts'
import { storeMessages } from '../../contract/store-messages.ts'

/**
 * The shared message of each voucher status (docs/behaviour.md#errors-and-messages), as the server
 * also sends it.
 */
export const voucherStatusMessage: Record<VoucherStatus, { id: string; message: string }> = {
  valid: storeMessages.voucherValid,
  used: storeMessages.voucherUsed,
  expired: storeMessages.voucherExpired,
}

export type BadgeTone = 'success' | 'neutral' | 'danger'

/** How a status badge looks: valid green, used grey, expired red. */
export const voucherStatusTone: Record<VoucherStatus, BadgeTone> = {
  valid: 'success',
  used: 'neutral',
  expired: 'danger',
}

/** A voucher's value as its page shows it: one amount, one per country, or none. */
export type ShownValue =
  | { kind: 'amount'; money: Money }
  | { kind: 'perCountry'; values: { country: Country; money: Money }[] }
  | { kind: 'none' }

/**
 * What the voucher is worth at the store it is looked up for (docs/behaviour.md#records): a
 * referral (MGM) voucher's value is that of the store's country (1,000.00 RSD in Serbia, 5.00 EUR
 * in Montenegro), whatever the reader's language; with no store known yet (`country` null: anyone
 * but a manager, before they choose where to redeem it), the value in each country. Any other
 * voucher shows its own value.
 */
export function shownValue(
  voucher: Pick<Voucher, 'type' | 'value'>,
  country: Country | null,
): ShownValue {
  if (voucher.type !== 'MGM')
    return voucher.value ? { kind: 'amount', money: voucher.value } : { kind: 'none' }
  if (country) return { kind: 'amount', money: mgmVoucherValue[country] }
  return {
    kind: 'perCountry',
    values: countries.map((each) => ({ country: each, money: mgmVoucherValue[each] })),
  }
}

/** Only a valid voucher can be redeemed. */
export function canRedeem(voucher: Pick<Voucher, 'status'>): boolean {
  return voucher.status === 'valid'
}
