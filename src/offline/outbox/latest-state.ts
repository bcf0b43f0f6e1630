/**
 * Wraps a task that reports the present state (the heartbeat): one runs at a time, and a call
 * made while one runs is answered by one more run after it, so what changed meanwhile is told.
 * Calls made during the same run share that one follow-up.
 */
export function reportingLatest(task: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | null = null
  let next: Promise<void> | null = null
  const run = (): Promise<void> => {
    if (running === null) {
      running = task().finally(() => {
        running = null
      })
      return running
    }
    next ??= running
      .catch(() => undefined)
      .then(() => {
        next = null
        return run()
      })
    return next
  }
  return run
}
