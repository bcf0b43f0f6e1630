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

/**
 * Runs `task` after the page's next frame, once the browser is then idle (at the latest `timeout`
 * ms later): work that can wait while the screen being opened gets its code, data and paint first.
 * In a hidden tab, where frames wait, only for idleness. Answers a function that cancels it.
 */
export function afterPaintWhenIdle(task: () => void, timeout = 2000): () => void {
  if (document.hidden) return whenIdle(task, timeout)
  let cancelIdle = () => {}
  let timer: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(() => {
      cancelIdle = whenIdle(task, timeout)
    })
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
    cancelIdle()
  }
}
