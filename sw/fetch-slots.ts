/**
 * The fetches the worker makes at once, shared by the app's files and the pack pictures: a browser
 * opens six connections to the server over HTTP/1.1, and with fewer of them the worker leaves the
 * page one, so a trial's sending never waits behind the worker's downloads. Work waiting for a
 * slot runs in the order it came, the `first` work (the app's files, without which the app does
 * not open offline) before the rest.
 */
export function fetchSlots(size: number) {
  let busy = 0
  const waitingFirst: (() => void)[] = []
  const waiting: (() => void)[] = []
  const release = () => {
    // A slot that frees goes straight to the next waiting work, if any.
    const next = waitingFirst.shift() ?? waiting.shift()
    if (next) next()
    else busy -= 1
  }
  return async function inSlot<T>(task: () => Promise<T>, first = false): Promise<T> {
    if (busy < size) busy += 1
    else await new Promise<void>((resolve) => (first ? waitingFirst : waiting).push(resolve))
    try {
      return await task()
    } finally {
      release()
    }
  }
}
