import { isInOrder } from '../contract/http.ts'
import { intlTag, type Locale } from '../contract/locale.ts'

/**
 * The text of a date field and the day it stands for. Every locale of the app writes the day
 * first: `31.12.2026.` in me and sr (as Montenegro and Serbia write dates), `31/12/2026` in en
 * (British order: the month-first American one reads wrongly here). Days travel as `YYYY-MM-DD`.
 */

/** How a locale writes a day, as the field shows it while empty and in its error. */
const patterns: Record<Locale, string> = { me: 'dd.mm.gggg.', sr: 'dd.mm.gggg.', en: 'dd/mm/yyyy' }

export function datePattern(locale: Locale): string {
  return patterns[locale]
}

const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/
/** Day, month and a four-digit year, apart by dots, slashes or dashes (and spaces after them). */
const dayFirst = /^(\d{1,2})\s*[./-]\s*(\d{1,2})\s*[./-]\s*(\d{4})\s*\.?$/

type Parts = { year: number; month: number; day: number }

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0')
}

function partsOf(iso: string): Parts | null {
  const match = isoDay.exec(iso)
  if (!match) return null
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) }
}

/** Whether the day is on the calendar (no 31 February, no month 13, no year 0). */
function exists({ year, month, day }: Parts): boolean {
  if (year < 1 || month < 1 || month > 12 || day < 1) return false
  // Day 0 of the next month is the month's last day; setUTCFullYear reads years below 100 as they are.
  const last = new Date(0)
  last.setUTCFullYear(year, month, 0)
  return day <= last.getUTCDate()
}

export type ParsedDateText =
  | { kind: 'empty' }
  | { kind: 'day'; iso: string }
  /** Written as a day, but the calendar has no such day (31.02.2026.). */
  | { kind: 'no-such-day' }
  /** Not written as a day at all. */
  | { kind: 'unreadable' }

/**
 * Reads what was typed: a day as the locales write it (one or two digits for the day and the
 * month), or as `YYYY-MM-DD` (pasted from elsewhere). A two-digit year is refused rather than
 * guessed.
 */
export function parseDateText(text: string): ParsedDateText {
  const trimmed = text.trim()
  if (trimmed === '') return { kind: 'empty' }
  const iso = partsOf(trimmed)
  const written = dayFirst.exec(trimmed)
  const parts =
    iso ??
    (written && { day: Number(written[1]), month: Number(written[2]), year: Number(written[3]) })
  if (!parts) return { kind: 'unreadable' }
  if (!exists(parts)) return { kind: 'no-such-day' }
  return { kind: 'day', iso: `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}` }
}

/**
 * The field's value for what was typed: the day as `YYYY-MM-DD`, empty, or (when the text is no
 * day) the text itself. A form then refuses it as it refuses any value that is not a day, instead
 * of taking it for "no date" and dropping it.
 */
export function dateFieldValue(text: string): string {
  const parsed = parseDateText(text)
  if (parsed.kind === 'day') return parsed.iso
  return parsed.kind === 'empty' ? '' : text
}

/** A `YYYY-MM-DD` day as the locale writes it; any other value is shown as it is. */
export function formatDateText(value: string, locale: Locale): string {
  const parts = partsOf(value)
  if (!parts || !exists(parts)) return value
  const { year, month, day } = parts
  return locale === 'en'
    ? `${pad(day)}/${pad(month)}/${pad(year, 4)}`
    : `${pad(day)}.${pad(month)}.${pad(year, 4)}.`
}

/** The day as a local midnight, as the calendar counts days; null for anything but a day. */
export function dayToDate(value: string): Date | null {
  const parts = partsOf(value)
  if (!parts || !exists(parts)) return null
  // setFullYear, not the constructor, which reads years below 100 as 1900-1999.
  const date = new Date(2000, 0, 1)
  date.setFullYear(parts.year, parts.month - 1, parts.day)
  return date
}

/** The local calendar day of a date, as `YYYY-MM-DD`. */
export function dateToDay(date: Date): string {
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/**
 * A calendar day's whole name for screen readers, from `Intl` like the app's other dates: the
 * locale's tag gives Montenegrin its own forms (`srijeda`, not Serbian `sreda`).
 */
export function dayName(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag[locale], { dateStyle: 'full' }).format(date)
}

/** A weekday's whole name, for the calendar's column headers. */
export function weekdayName(date: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(intlTag[locale], { weekday: 'long' }).format(date)
}

/**
 * The day a calendar opens on: the field's day, or else today kept within the field's limits
 * (so that the month shown has days that can be picked).
 */
export function openingDay(
  value: string,
  min: string | undefined,
  max: string | undefined,
  today: string,
): string {
  if (dayToDate(value)) return value
  if (max && dayToDate(max) && today > max) return max
  if (min && dayToDate(min) && today < min) return min
  return today
}

/** Whether a date field's value is a day or empty, not text that is no day. */
export function isDayOrEmpty(value: string): boolean {
  return value === '' || dayToDate(value) !== null
}

/**
 * Whether two date fields hold days, the end before the start: the range refused as it stands now,
 * whatever it was when its form was last sent (`isInOrder`, the server's rule).
 */
export function endsBeforeStart(startAt: string, endAt: string): boolean {
  return dayToDate(startAt) !== null && dayToDate(endAt) !== null && !isInOrder({ startAt, endAt })
}
