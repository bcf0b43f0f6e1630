import { useLingui } from '@lingui/react/macro'
import { intlTag, parseLocale } from '../../contract/locale.ts'

/**
 * A moment in the reader's locale, in a `<time>` element. Formatted here with `Intl` rather than
 * with `ui/date-time.tsx`: the outbox and settings screens then share no formatting chunk with the
 * record tables, which the bundle's split would otherwise pull into the home screen.
 */
export function Moment({ value }: { value: string }) {
  const { i18n } = useLingui()
  const text = new Intl.DateTimeFormat(intlTag[parseLocale(i18n.locale)], {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(value))
  return <time dateTime={value}>{text}</time>
}
