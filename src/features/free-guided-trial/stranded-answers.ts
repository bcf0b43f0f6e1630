/**
 * A stranded draft's answers as lines a person can read: each answer's path and value (`email.email:
 * kupac@example.me`), in the order they were kept; empty answers left out.
 */
export function readableAnswers(state: unknown): { path: string; value: string }[] {
  const answers =
    typeof state === 'object' && state !== null && 'answers' in state ? state.answers : state
  const lines: { path: string; value: string }[] = []
  const walk = (value: unknown, path: string) => {
    if (value === null || value === undefined || value === '') return
    if (Array.isArray(value)) {
      if (value.every((entry) => typeof entry !== 'object' || entry === null)) {
        if (value.length > 0) lines.push({ path, value: value.map(String).join(', ') })
      } else value.forEach((entry, index) => walk(entry, `${path}.${index + 1}`))
      return
    }
    if (typeof value === 'object') {
      for (const [key, entry] of Object.entries(value)) walk(entry, path ? `${path}.${key}` : key)
      return
    }
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      lines.push({ path, value: String(value) })
  }
  walk(answers, '')
  return lines
}
