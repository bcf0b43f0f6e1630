/**
 * Runs `task` unless another sender holds the lock, in this tab or another (Web Locks); where the
 * browser has no Web Locks, within this page only. Answers whether the task ran.
 */
export async function withSenderLock(task: () => Promise<void>): Promise<boolean> {
  if (typeof navigator !== 'undefined' && 'locks' in navigator) {
    return navigator.locks.request('outbox-sender', { ifAvailable: true }, async (lock) => {
      if (!lock) return false
      await task()
      return true
    })
  }
  return withLocalLock(task)
}

let busy = false

async function withLocalLock(task: () => Promise<void>): Promise<boolean> {
  if (busy) return false
  busy = true
  try {
    await task()
    return true
  } finally {
    busy = false
  }
}
