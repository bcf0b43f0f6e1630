import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { isInOrder } from '../../contract/http.ts'
import { messages } from '../../contract/messages.ts'
import { DateField } from '../date-field.tsx'
import { endsBeforeStart, isDayOrEmpty } from '../date-field-text.ts'
import { Button } from '../button.tsx'
import type { DateRange } from '../../routing/route-params.ts'
import styles from './admin.module.css'

/** Start and end days; Apply puts them in the URL, Clear removes them. */
export function DateRangeForm({
  range,
  onApply,
  labelledBy,
  children,
}: {
  range: DateRange
  onApply: (range: DateRange) => void
  labelledBy: string
  children?: ReactNode
}) {
  const { t, i18n } = useLingui()
  const [startAt, setStartAt] = useState(range.startAt ?? '')
  const [endAt, setEndAt] = useState(range.endAt ?? '')
  const [tried, setTried] = useState(false)
  // Said of the dates as they are now, once Apply was pressed: in order again, and it goes.
  const inverted = tried && endsBeforeStart(startAt, endAt)
  return (
    <form
      aria-labelledby={labelledBy}
      className={styles.filters}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        // A text that is no day is never applied (nor taken for "no date"): its field says why.
        if (!isDayOrEmpty(startAt) || !isDayOrEmpty(endAt)) return
        const next = { startAt: startAt || undefined, endAt: endAt || undefined }
        // A range that ends before it starts would show an empty period: refused, as the server does.
        setTried(true)
        if (isInOrder(next)) onApply(next)
      }}
    >
      {children}
      <DateField label={t`From`} value={startAt} max={endAt || undefined} onChange={setStartAt} />
      <DateField
        label={t`To`}
        value={endAt}
        min={startAt || undefined}
        error={inverted ? i18n._(messages.rangeInverted.id) : undefined}
        onChange={setEndAt}
      />
      <div className={styles.actions}>
        <Button type="submit">
          <Trans>Apply</Trans>
        </Button>
        <Button
          variant="secondary"
          onClick={() => {
            setStartAt('')
            setEndAt('')
            onApply({ startAt: undefined, endAt: undefined })
          }}
        >
          <Trans>Clear</Trans>
        </Button>
      </div>
    </form>
  )
}
