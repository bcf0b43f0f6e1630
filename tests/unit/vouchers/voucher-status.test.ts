import { describe, expect, it } from 'vitest'
import {
  canRedeem,
  voucherStatusMessage,
  voucherStatusTone,
  voucherValue,
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

describe('voucherValue', () => {
  it("shows a referral voucher at the locale's MGM value", () => {
    expect(voucherValue({ type: 'MGM', value: null }, 'sr')).toEqual({
      amount: '1000.00',
      currency: 'RSD',
    })
    expect(voucherValue({ type: 'MGM', value: null }, 'me')).toEqual({
      amount: '5.00',
      currency: 'EUR',
    })
  })

  it('shows any other voucher at its own value', () => {
    const value = { amount: '12.50', currency: 'EUR' } as const
    expect(voucherValue({ type: 'PROMO', value }, 'sr')).toEqual(value)
    expect(voucherValue({ type: 'LOYALTY', value: null }, 'me')).toBeNull()
  })
})
