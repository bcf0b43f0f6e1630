import { useMemo } from 'react'
import { useLingui } from '@lingui/react'
import { parseLocale } from '../contract/locale.ts'
import type { Money } from '../contract/vouchers.ts'
import { formatDate, formatDateTime, formatMoney, formatNumber, formatTime } from './format.ts'

/** The formatters of `format.ts` bound to the active locale; re-renders when the locale changes. */
export function useFormat() {
  const { i18n } = useLingui()
  const locale = parseLocale(i18n.locale)
  return useMemo(
    () => ({
      locale,
      money: (money: Money) => formatMoney(money, locale),
      number: (value: number) => formatNumber(value, locale),
      date: (value: string) => formatDate(value, locale),
      dateTime: (value: string) => formatDateTime(value, locale),
      time: (value: string) => formatTime(value, locale),
    }),
    [locale],
  )
}
