type Fields = Record<string, string | number | null | undefined>

/**
 * One line per security event (sign-ins, refused access), as `event key="value" ...`.
 * Never pass passwords or tokens.
 */
export function logEvent(event: string, fields: Fields = {}): void {
  const parts = Object.entries(fields)
    .filter(([, value]) => value != null)
    .map(([key, value]) => `${key}=${JSON.stringify(value)}`)
  console.info([new Date().toISOString(), event, ...parts].join(' '))
}
