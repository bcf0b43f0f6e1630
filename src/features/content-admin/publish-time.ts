/**
 * "Publish at": the `datetime-local` field's value (the admin's own clock and zone) as the ISO
 * time `POST /content/publish` takes, or why it cannot be: empty (or unreadable), or not in the
 * future.
 */
export function publishAtOf(
  value: string,
  now: Date,
): { at: string } | { error: 'missing' | 'past' } {
  const at = new Date(value)
  if (value.trim() === '' || Number.isNaN(at.getTime())) return { error: 'missing' }
  if (at.getTime() <= now.getTime()) return { error: 'past' }
  return { at: at.toISOString() }
}
