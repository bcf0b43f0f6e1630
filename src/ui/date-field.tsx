import { useState } from 'react'
import { useLingui } from '@lingui/react/macro'
import { parseLocale } from '../contract/locale.ts'
import { cx } from './cx.ts'
import { FieldMessages, LabelText, useFieldIds } from './field-parts.tsx'
import { DateFieldCalendar } from './date-field-calendar.tsx'
import { dateFieldValue, datePattern, formatDateText, parseDateText } from './date-field-text.ts'
import fieldStyles from './field.module.css'

export interface DateFieldProps {
  label: string
  /**
   * The day as `YYYY-MM-DD`, or empty. While what is typed is no day, the field reports the text
   * itself: no day check accepts it, so a form refuses it instead of taking it for "no date".
   */
  value: string
  onChange: (value: string) => void
  onBlur?: () => void
  /** The first and last days that can be chosen (`YYYY-MM-DD`), for the calendar. */
  min?: string | undefined
  max?: string | undefined
  required?: boolean
  /** The form's error; a text that is no day shows its own error first. */
  error?: string | undefined
  id?: string
}

/**
 * A day typed in the locale's format (`31.12.2026.` in me and sr, `31/12/2026` in en) or picked
 * in a calendar. The label names the text box; the format is in its description.
 */
export function DateField({
  label,
  value,
  onChange,
  onBlur,
  min,
  max,
  required,
  error,
  id,
}: DateFieldProps) {
  const { t, i18n } = useLingui()
  const locale = parseLocale(i18n.locale)
  const pattern = datePattern(locale)
  const [text, setText] = useState(() => formatDateText(value, locale))
  // A value set from outside (Clear, a new range) replaces the text; the value that the text
  // itself gave does not, so that what is typed stays as it was typed.
  const [shown, setShown] = useState(value)
  if (value !== shown) {
    setShown(value)
    if (dateFieldValue(text) !== value) setText(formatDateText(value, locale))
  }
  // The text's own error shows once the field is left or Enter submits its form, as other
  // errors do once a field was touched or its form submitted.
  const [left, setLeft] = useState(false)
  const parsed = parseDateText(text)
  const ownError =
    !left && error === undefined
      ? undefined
      : parsed.kind === 'no-such-day'
        ? t`There is no such day. Enter a date as ${pattern}`
        : parsed.kind === 'unreadable'
          ? t`Enter a date as ${pattern}`
          : undefined
  const shownError = ownError ?? error
  const ids = useFieldIds(id, { error: shownError })
  const formatId = `${ids.id}-format`
  const labelId = `${ids.id}-label`
  const change = (next: string) => {
    setText(next)
    onChange(dateFieldValue(next))
  }
  return (
    <div className={fieldStyles.field}>
      <label id={labelId} htmlFor={ids.id} className={fieldStyles.label}>
        <LabelText label={label} required={required} />
      </label>
      <div className={fieldStyles.control}>
        <input
          id={ids.id}
          type="text"
          className={cx(fieldStyles.input, fieldStyles.inputWithEnd)}
          value={text}
          placeholder={pattern}
          autoComplete="off"
          spellCheck={false}
          required={required}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[formatId, ids.describedBy].filter(Boolean).join(' ')}
          onChange={(event) => change(event.target.value)}
          onBlur={() => {
            setLeft(true)
            onBlur?.()
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') setLeft(true)
          }}
        />
        <span id={formatId} className="visually-hidden">
          {t`Format: ${pattern}`}
        </span>
        <DateFieldCalendar
          describedBy={labelId}
          title={label}
          value={value}
          min={min}
          max={max}
          locale={locale}
          onPick={(day) => change(formatDateText(day, locale))}
        />
      </div>
      <FieldMessages error={shownError} errorId={ids.errorId} hintId={undefined} />
    </div>
  )
}
