/** `YYYY-MM-DD` of a local date. */
function isoDay(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`
}

/** The current month so far: the first of the month to today. */
export function thisMonth(now: Date): { startAt: string; endAt: string } {
  return { startAt: isoDay(new Date(now.getFullYear(), now.getMonth(), 1)), endAt: isoDay(now) }
}
