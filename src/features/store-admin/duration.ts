/** Minutes as whole hours and minutes, e.g. 135 → `{ hours: 2, minutes: 15 }`; negatives count as 0. */
export function splitMinutes(total: number): { hours: number; minutes: number } {
  const whole = Math.max(0, Math.round(total))
  return { hours: Math.floor(whole / 60), minutes: whole % 60 }
}

/** `2 h 15 min`, `45 min`, `3 h` (units are the same in every locale of the app). */
export function formatDuration(total: number): string {
  const { hours, minutes } = splitMinutes(total)
  if (hours === 0) return `${minutes} min`
  return minutes === 0 ? `${hours} h` : `${hours} h ${minutes} min`
}
