import { describe, expect, it } from 'vitest'
import {
  canRedeem,
  voucherStatusMessage,
  voucherStatusTone,
  shownValue,
} from '../../../src/features/vouchers/voucher-status.ts'
import { voucherStatuses } from '../../../src/contract/vouchers.ts'

describe('voucher status', () => {
  it('gives each status the shared message the server also sends', () => {
    expect(voucherStatusMessage.valid.id).toBe('voucher.valid')
    expect(voucherStatusMessage.used.id).toBe('voucher.used')
    expect(voucherStatusMessage.expired.id).toBe('voucher.expired')
  })

  it('gives every status a badge tone, and no two the same', () => {
    const tones = voucherStatuses.map((status) => voucherStatusTone[status])
    expect(new Set(tones).size).toBe(voucherStatuses.length)
  })

  it('lets only a valid voucher be redeemed', () => {
    expect(canRedeem({ status: 'valid' })).toBe(true)
    expect(canRedeem({ status: 'used' })).toBe(false)
    expect(canRedeem({ status: 'expired' })).toBe(false)
  })
})

describe('shownValue', () => {
  const dinars = { amount: '1000.00', currency: 'RSD' } as const
  const euros = { amount: '5.00', currency: 'EUR' } as const

  it("shows a referral voucher at its store's country's value, whatever the language", () => {
    expect(shownValue({ type: 'MGM', value: null }, 'RS')).toEqual({
      kind: 'amount',
      money: dinars,
    })
    expect(shownValue({ type: 'MGM', value: null }, 'ME')).toEqual({ kind: 'amount', money: euros })
  })

  it("shows a referral voucher at each country's value while no store is known", () => {
    expect(shownValue({ type: 'MGM', value: null }, null)).toEqual({
      kind: 'perCountry',
      values: [
        { country: 'RS', money: dinars },
        { country: 'ME', money: euros },
      ],
    })
  })

  it('shows any other voucher at its own value, in any store', () => {
    const value = { amount: '12.50', currency: 'EUR' } as const
    expect(shownValue({ type: 'PROMO', value }, 'RS')).toEqual({ kind: 'amount', money: value })
    expect(shownValue({ type: 'PROMO', value }, null)).toEqual({ kind: 'amount', money: value })
    expect(shownValue({ type: 'LOYALTY', value: null }, 'ME')).toEqual({ kind: 'none' })
  })
})
