/** `YYYY-MM-DD` of the day it is at `now` in `timeZone`. */
function dayIn(now: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now)
}

/**
 * The current month so far, in the stores' time zone (the server counts a report's days there):
 * the first of the month to today, whatever the device's own zone.
 */
export function thisMonth(now: Date, timeZone: string): { startAt: string; endAt: string } {
  const today = dayIn(now, timeZone)
  return { startAt: `${today.slice(0, 8)}01`, endAt: today }
}
