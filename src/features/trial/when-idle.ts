/**
 * Runs `task` once the browser has nothing else to do (no frame to draw, no input to handle), at
 * the latest after `timeout` ms; Safari has no idle callbacks, so there it is the next task. Answers
 * a function that cancels it.
 */
export function whenIdle(task: () => void, timeout = 1000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout })
    return () => cancelIdleCallback(id)
  }
  const timer = setTimeout(task, 0)
  return () => clearTimeout(timer)
}
