import { useId, useLayoutEffect, useRef, useState } from 'react'
import { DayPicker, type ClassNames, type Matcher } from 'react-day-picker'
import { enGB } from 'date-fns/locale/en-GB'
import { srLatn } from 'date-fns/locale/sr-Latn'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Locale } from '../contract/locale.ts'
import { Button } from './button.tsx'
import { dateToDay, dayName, dayToDate, openingDay, weekdayName } from './date-field-text.ts'
import fieldStyles from './field.module.css'
import styles from './date-field.module.css'

/**
 * Month and weekday names and the week's first day. Serbian in Latin script serves me as well
 * (the names that differ, such as srijeda, are read from `Intl` in the labels); English takes the
 * British locale, whose weeks start on Monday as the others do.
 */
const calendarLocales = { me: srLatn, sr: srLatn, en: enGB } as const

const classNames: Partial<ClassNames> = {
  month: styles.month,
  caption_label: styles.captionLabel,
  nav: styles.nav,
  button_previous: styles.navButton,
  button_next: styles.navButton,
  chevron: styles.chevron,
  month_grid: styles.grid,
  weekday: styles.weekday,
  day: styles.day,
  day_button: styles.dayButton,
  selected: styles.selected,
  today: styles.today,
  outside: styles.outside,
  disabled: styles.disabled,
}

interface CalendarProps {
  /** The field's label: the dialog's title. */
  title: string
  /** The field's value: a day (`YYYY-MM-DD`) is shown chosen. */
  value: string
  min: string | undefined
  max: string | undefined
  locale: Locale
  onPick: (day: string) => void
}

/**
 * The calendar button of a date field and the calendar it opens in a modal dialog. The button
 * is named by what it does; `describedBy` ties it to its field's label.
 */
export function DateFieldCalendar({
  describedBy,
  ...calendar
}: CalendarProps & { describedBy: string }) {
  const { t } = useLingui()
  const [open, setOpen] = useState(false)
  const button = useRef<HTMLButtonElement>(null)
  return (
    <>
      <button
        ref={button}
        type="button"
        className={fieldStyles.endButton}
        aria-label={t`Choose a date`}
        aria-describedby={describedBy}
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <CalendarIcon />
      </button>
      {open && (
        <CalendarDialog
          {...calendar}
          onClose={() => {
            setOpen(false)
            button.current?.focus()
          }}
        />
      )}
    </>
  )
}

/**
 * A native modal dialog (the page behind it is inert, Escape closes it) that exists only while
 * open. The calendar opens on the field's day or today, the arrow keys move between days, Enter
 * or a click picks one and closes it.
 */
function CalendarDialog({
  title,
  value,
  min,
  max,
  locale,
  onPick,
  onClose,
}: CalendarProps & { onClose: () => void }) {
  const { t } = useLingui()
  const dialog = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  // Before the calendar's effects run: it focuses its day, which needs the dialog shown.
  useLayoutEffect(() => dialog.current?.showModal(), [])
  // Closed at once, not when the dialog's close event comes: a key pressed right after a pick
  // then finds the page as it is.
  const close = () => {
    dialog.current?.close()
    onClose()
  }
  const first = dayToDate(min ?? '')
  const last = dayToDate(max ?? '')
  const disabled: Matcher[] = [
    ...(first ? [{ before: first }] : []),
    ...(last ? [{ after: last }] : []),
  ]
  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onClose={onClose}
      onClick={(event) => {
        // A click on the backdrop reaches the dialog itself; one on its contents does not.
        if (event.target === event.currentTarget) close()
      }}
    >
      <div className={styles.sheet}>
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        <DayPicker
          mode="single"
          required
          autoFocus
          navLayout="after"
          showOutsideDays
          fixedWeeks
          selected={dayToDate(value) ?? undefined}
          defaultMonth={dayToDate(openingDay(value, min, max, dateToDay(new Date()))) ?? undefined}
          disabled={disabled}
          locale={calendarLocales[locale]}
          classNames={classNames}
          labels={{
            labelPrevious: () => t`Previous month`,
            labelNext: () => t`Next month`,
            labelNav: () => t`Months`,
            labelWeekday: (date) => weekdayName(date, locale),
            labelDayButton: (date, modifiers) => {
              const name = dayName(date, locale)
              const today = modifiers.today ? t`Today, ${name}` : name
              return modifiers.selected ? t`${today}, chosen` : today
            },
          }}
          onSelect={(date) => {
            onPick(dateToDay(date))
            close()
          }}
        />
        <div className={styles.actions}>
          <Button variant="secondary" onClick={close}>
            <Trans>Close</Trans>
          </Button>
        </div>
      </div>
    </dialog>
  )
}

function CalendarIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="22"
      height="22"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  )
}
