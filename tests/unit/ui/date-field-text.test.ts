import { describe, expect, it } from 'vitest'
import {
  dateFieldValue,
  datePattern,
  dateToDay,
  dayName,
  dayToDate,
  endsBeforeStart,
  formatDateText,
  parseDateText,
  weekdayName,
} from '../../../src/ui/date-field-text.ts'

describe('formatDateText', () => {
  it('writes a day as Montenegro and Serbia do, with the closing dot', () => {
    expect(formatDateText('2026-12-31', 'me')).toBe('31.12.2026.')
    expect(formatDateText('2026-01-05', 'sr')).toBe('05.01.2026.')
  })

  it('writes a day day-first with slashes in English', () => {
    expect(formatDateText('2026-12-31', 'en')).toBe('31/12/2026')
  })

  it('shows an empty value or text that is no day as it is', () => {
    expect(formatDateText('', 'me')).toBe('')
    expect(formatDateText('31.02.2026.', 'me')).toBe('31.02.2026.')
    expect(formatDateText('2026-02-31', 'en')).toBe('2026-02-31')
  })
})

describe('parseDateText', () => {
  it('reads the locale formats back to the day', () => {
    expect(parseDateText('31.12.2026.')).toEqual({ kind: 'day', iso: '2026-12-31' })
    expect(parseDateText('31/12/2026')).toEqual({ kind: 'day', iso: '2026-12-31' })
  })

  it('reads what people type: no leading zeros, no closing dot, spaces as Intl prints them', () => {
    expect(parseDateText('1.11.2026')).toEqual({ kind: 'day', iso: '2026-11-01' })
    expect(parseDateText(' 1. 11. 2026. ')).toEqual({ kind: 'day', iso: '2026-11-01' })
    expect(parseDateText('1-11-2026')).toEqual({ kind: 'day', iso: '2026-11-01' })
  })

  it('reads a pasted YYYY-MM-DD day', () => {
    expect(parseDateText('2026-11-01')).toEqual({ kind: 'day', iso: '2026-11-01' })
  })

  it('refuses a day the calendar does not have', () => {
    expect(parseDateText('31.02.2026.')).toEqual({ kind: 'no-such-day' })
    expect(parseDateText('29.02.2026.')).toEqual({ kind: 'no-such-day' })
    expect(parseDateText('00.01.2026.')).toEqual({ kind: 'no-such-day' })
    expect(parseDateText('01.13.2026.')).toEqual({ kind: 'no-such-day' })
    expect(parseDateText('2026-04-31')).toEqual({ kind: 'no-such-day' })
    expect(parseDateText('01.01.0000.')).toEqual({ kind: 'no-such-day' })
  })

  it('knows the leap days', () => {
    expect(parseDateText('29.02.2028.')).toEqual({ kind: 'day', iso: '2028-02-29' })
    expect(parseDateText('29.02.2000.')).toEqual({ kind: 'day', iso: '2000-02-29' })
    expect(parseDateText('29.02.1900.')).toEqual({ kind: 'no-such-day' })
  })

  it('refuses text that is not written as a day, and a two-digit year', () => {
    expect(parseDateText('tomorrow')).toEqual({ kind: 'unreadable' })
    expect(parseDateText('31.12.26.')).toEqual({ kind: 'unreadable' })
    expect(parseDateText('31.12.')).toEqual({ kind: 'unreadable' })
    expect(parseDateText('12/31/2026x')).toEqual({ kind: 'unreadable' })
  })

  it('takes blank text for no day', () => {
    expect(parseDateText('')).toEqual({ kind: 'empty' })
    expect(parseDateText('   ')).toEqual({ kind: 'empty' })
  })
})

describe('dateFieldValue', () => {
  it('is the day, empty, or what was typed when it is no day (never dropped)', () => {
    expect(dateFieldValue('01.11.2026.')).toBe('2026-11-01')
    expect(dateFieldValue('')).toBe('')
    expect(dateFieldValue('31.02.2026.')).toBe('31.02.2026.')
    expect(dateFieldValue('abc')).toBe('abc')
  })

  it('round-trips every format it writes', () => {
    for (const locale of ['me', 'sr', 'en'] as const) {
      expect(dateFieldValue(formatDateText('2026-03-09', locale))).toBe('2026-03-09')
    }
  })
})

describe('datePattern', () => {
  it('names the format in the locale', () => {
    expect(datePattern('me')).toBe('dd.mm.gggg.')
    expect(datePattern('sr')).toBe('dd.mm.gggg.')
    expect(datePattern('en')).toBe('dd/mm/yyyy')
  })
})

describe('dayToDate and dateToDay', () => {
  it('turn a day into the local midnight the calendar uses and back', () => {
    const date = dayToDate('2026-11-01')
    expect(date?.getFullYear()).toBe(2026)
    expect(date?.getMonth()).toBe(10)
    expect(date?.getDate()).toBe(1)
    expect(date?.getHours()).toBe(0)
    expect(dateToDay(new Date(2026, 10, 1, 23, 59))).toBe('2026-11-01')
  })

  it('keep years below 100 as they are', () => {
    expect(dateToDay(dayToDate('0099-05-06') ?? new Date(NaN))).toBe('0099-05-06')
  })

  it('answer null for anything but a day', () => {
    expect(dayToDate('')).toBeNull()
    expect(dayToDate('2026-02-30')).toBeNull()
  })
})

describe('dayName and weekdayName', () => {
  it('name days in Montenegrin forms for me and Serbian ones for sr', () => {
    const wednesday = new Date(2026, 10, 4)
    expect(dayName(wednesday, 'me')).toBe('srijeda, 4. novembar 2026.')
    expect(dayName(wednesday, 'sr')).toBe('sreda, 4. novembar 2026.')
    expect(weekdayName(wednesday, 'me')).toBe('srijeda')
    expect(weekdayName(wednesday, 'en')).toBe('Wednesday')
  })
})

describe('endsBeforeStart', () => {
  it('is true only of two days, the end before the start', () => {
    expect(endsBeforeStart('2026-05-10', '2026-05-01')).toBe(true)
    expect(endsBeforeStart('2026-04-01', '2026-05-01')).toBe(false)
    expect(endsBeforeStart('2026-05-01', '2026-05-01')).toBe(false)
  })

  it('is false while a field is empty or holds text that is no day yet', () => {
    expect(endsBeforeStart('', '2026-05-01')).toBe(false)
    expect(endsBeforeStart('2026-05-10', '')).toBe(false)
    expect(endsBeforeStart('2026-05-10', '0')).toBe(false)
  })
})
