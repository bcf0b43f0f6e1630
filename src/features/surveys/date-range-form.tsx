import { useState, type ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { isInOrder } from '../../contract/http.ts'
import { messages } from '../../contract/messages.ts'
import { TextField } from '../../ui/field.tsx'
import { Button } from '../../ui/button.tsx'
import type { DateRange } from '../layout/route-params.ts'
import styles from '../users/admin.module.css'

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
  const [inverted, setInverted] = useState(false)
  return (
    <form
      aria-labelledby={labelledBy}
      className={styles.filters}
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const next = { startAt: startAt || undefined, endAt: endAt || undefined }
        // A range that ends before it starts would show an empty period: refused, as the server does.
        setInverted(!isInOrder(next))
        if (isInOrder(next)) onApply(next)
      }}
    >
      {children}
      <TextField
        label={t`From`}
        type="date"
        value={startAt}
        max={endAt || undefined}
        onChange={(event) => setStartAt(event.target.value)}
      />
      <TextField
        label={t`To`}
        type="date"
        value={endAt}
        min={startAt || undefined}
        error={inverted ? i18n._(messages.rangeInverted.id) : undefined}
        onChange={(event) => {
          setEndAt(event.target.value)
          setInverted(false)
        }}
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
