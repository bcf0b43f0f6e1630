import { describe, expect, it } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatTime,
} from '../../../src/ui/format.ts'
import { mgmVoucherValue } from '../../../src/contract/vouchers.ts'

/** Intl separates the amount and the currency with a no-break space; compare with plain ones. */
const plain = (text: string) => text.replace(/\s/g, ' ')

describe('formatMoney', () => {
  it('shows the MGM voucher value as Montenegro writes euros', () => {
    expect(plain(formatMoney(mgmVoucherValue.ME, 'me'))).toBe('5,00 €')
  })

  it('shows the MGM voucher value as Serbia writes dinars, with a thousands point', () => {
    expect(plain(formatMoney(mgmVoucherValue.RS, 'sr'))).toBe('1.000,00 RSD')
  })

  it('shows English amounts the English way', () => {
    expect(formatMoney({ amount: '5.00', currency: 'EUR' }, 'en')).toBe('€5.00')
    expect(plain(formatMoney(mgmVoucherValue.RS, 'en'))).toBe('RSD 1,000.00')
  })

  it('keeps the cents of the decimal string', () => {
    expect(plain(formatMoney({ amount: '1234.56', currency: 'EUR' }, 'me'))).toBe('1.234,56 €')
  })
})

describe('formatNumber', () => {
  it('groups thousands by the locale', () => {
    expect(formatNumber(12345, 'sr')).toBe('12.345')
    expect(formatNumber(12345, 'en')).toBe('12,345')
  })
})

describe('formatDate', () => {
  it('writes a day as the locale does', () => {
    expect(plain(formatDate('2024-05-01', 'me'))).toBe('1. 5. 2024.')
    expect(formatDate('2024-05-01', 'en')).toBe('May 1, 2024')
  })

  it('keeps a calendar day on that day in any time zone', () => {
    expect(plain(formatDate('2024-05-01', 'sr', 'America/Los_Angeles'))).toBe('1. 5. 2024.')
  })

  it('reads a timestamp in the given time zone', () => {
    expect(plain(formatDate('2024-12-31T23:30:00.000Z', 'sr', 'Europe/Belgrade'))).toBe(
      '1. 1. 2025.',
    )
  })

  it('shows what it cannot read as it is', () => {
    expect(formatDate('soon', 'me')).toBe('soon')
  })
})

describe('formatDateTime', () => {
  it('adds the time to the minute, 24-hour in sr and me', () => {
    expect(plain(formatDateTime('2025-03-01T10:15:00.000Z', 'me', 'Europe/Podgorica'))).toBe(
      '1. 3. 2025. 11:15',
    )
  })

  it('writes only the day for a calendar day', () => {
    expect(plain(formatDateTime('2025-03-01', 'sr'))).toBe('1. 3. 2025.')
  })

  it('shows what it cannot read as it is', () => {
    expect(formatDateTime('', 'en')).toBe('')
  })
})

describe('formatTime', () => {
  it('gives the time of day to the minute', () => {
    expect(formatTime('2025-03-01T10:15:00.000Z', 'sr', 'Europe/Belgrade')).toBe('11:15')
  })

  it('is empty for a calendar day and for what it cannot read', () => {
    expect(formatTime('2025-03-01', 'sr')).toBe('')
    expect(formatTime('later', 'me')).toBe('')
  })
})
