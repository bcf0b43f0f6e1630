import * as v from 'valibot'

/**
 * The server's clock as this device knows it (docs/behaviour.md#capture-time): the offset
 * (server minus device, ms) learned from each answer's `Date` header, and the device's time when
 * it was learned. A trial frozen at Finish carries both, so that the server can date it by the
 * clock it was finished on, even if the tablet's clock is set (or jumps) before it is sent.
 */

export type ClockOffset = {
  /** Server clock minus device clock, in milliseconds. */
  offsetMs: number
  /** The device's clock when it was learned (ms since the epoch). */
  learnedAt: number
}

/**
 * The offset an answer tells: the `Date` header has whole seconds (the server's time is within
 * the second after it), and the server wrote it between the request's sending and the answer's
 * arrival (device times): both midpoints. Null without a readable `Date`.
 */
export function offsetFromAnswer(
  dateHeader: string | null,
  sentAt: number,
  receivedAt: number,
): ClockOffset | null {
  if (dateHeader === null) return null
  const serverSecond = Date.parse(dateHeader)
  if (Number.isNaN(serverSecond) || !Number.isFinite(sentAt) || receivedAt < sentAt) return null
  const deviceMiddle = (sentAt + receivedAt) / 2
  return { offsetMs: Math.round(serverSecond + 500 - deviceMiddle), learnedAt: receivedAt }
}

/** Of two measures, the one to keep: the newer (the tablet's clock may have been set since). */
export function newerOffset(known: ClockOffset | null, learned: ClockOffset): ClockOffset {
  return known !== null && known.learnedAt > learned.learnedAt ? known : learned
}

const storageKey = 'server-clock'

const clockOffsetSchema = v.object({ offsetMs: v.number(), learnedAt: v.number() })

/** Read from the device's storage (it outlives a reload offline); null where there is none. */
function storedOffset(): ClockOffset | null {
  try {
    const parsed = v.safeParse(
      clockOffsetSchema,
      JSON.parse(localStorage.getItem(storageKey) ?? 'null'),
    )
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

let known: ClockOffset | null | undefined

/** The offset last learned on this device, or null before any answer. */
export function knownOffset(): ClockOffset | null {
  if (known === undefined) known = storedOffset()
  return known
}

/**
 * Remembers what an answer told (see `offsetFromAnswer`). An offset the device learned "after" this
 * answer arrived, by its own clock, was learned before the clock was set back: it is dropped, or
 * it would stay "the newer" until the clock caught up, and date every trial finished meanwhile.
 */
export function learnOffset(dateHeader: string | null, sentAt: number, receivedAt: number): void {
  const learned = offsetFromAnswer(dateHeader, sentAt, receivedAt)
  if (learned === null) return
  const previous = knownOffset()
  known = newerOffset(
    previous !== null && previous.learnedAt <= receivedAt ? previous : null,
    learned,
  )
  try {
    localStorage.setItem(storageKey, JSON.stringify(known))
  } catch {
    // No storage (private mode, full): the offset is still known until the page is left.
  }
}
