import { intlTag, type Locale } from '../contract/locale.ts'
import type { Money } from '../contract/vouchers.ts'

/**
 * Numbers, money and dates in the locale's own format (docs/behaviour.md#locales): `Intl` with the
 * locale's tag, `sr-Latn-ME` for `me` and `sr-Latn-RS` for `sr`. Pure, so that it is tested
 * without a browser; components reach it through `useFormat()`.
 */

const calendarDate = /^(\d{4})-(\d{2})-(\d{2})$/

/** A `YYYY-MM-DD` day stays that day in every time zone; a timestamp is read as it is. */
function toDate(value: string): { date: Date; calendar: boolean } | null {
  const day = calendarDate.exec(value)
  const date = day
    ? new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])))
    : new Date(value)
  return Number.isNaN(date.getTime()) ? null : { date, calendar: day !== null }
}

/**
 * `5,00 €` in me, `1.000,00 RSD` in sr, `€5.00` in en. Always with the two decimals the amount
 * carries: ICU versions disagree on the dinar's minor unit (some print `1.000 RSD`).
 */
export function formatMoney(money: Money, locale: Locale): string {
  return new Intl.NumberFormat(intlTag[locale], {
    style: 'currency',
    currency: money.currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(Number(money.amount))
}

/** `12.345` in me and sr, `12,345` in en. */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlTag[locale]).format(value)
}

/** The day: `1. 5. 2024.` in me and sr, `May 1, 2024` in en. Unreadable input is shown as it is. */
export function formatDate(value: string, locale: Locale, timeZone?: string): string {
  const parsed = toDate(value)
  if (!parsed) return value
  return new Intl.DateTimeFormat(intlTag[locale], {
    dateStyle: 'medium',
    timeZone: parsed.calendar ? 'UTC' : timeZone,
  }).format(parsed.date)
}

/** The day and the time, to the minute: `1. 5. 2024. 14:05` in me and sr. */
export function formatDateTime(value: string, locale: Locale, timeZone?: string): string {
  const parsed = toDate(value)
  if (!parsed) return value
  if (parsed.calendar) return formatDate(value, locale)
  return new Intl.DateTimeFormat(intlTag[locale], {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(parsed.date)
}

/** The time of day to the minute (`14:05` in me and sr); empty for a calendar day or bad input. */
export function formatTime(value: string, locale: Locale, timeZone?: string): string {
  const parsed = toDate(value)
  if (!parsed || parsed.calendar) return ''
  return new Intl.DateTimeFormat(intlTag[locale], { timeStyle: 'short', timeZone }).format(
    parsed.date,
  )
}
