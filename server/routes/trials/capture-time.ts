/**
 * When a trial happened, on the server's clock (docs/behaviour.md#capture-time). Tablets' clocks
 * are often wrong and are set right only when the network returns, so the device's finish time is
 * corrected by the offset the device knew at Finish, when it had learned it shortly before, and
 * otherwise by the skew its clock shows on the request that brings the trial.
 */

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

/** An offset learned this close to the Finish is the clock the trial was finished on. */
export const recentOffsetMs = 6 * hour
/** A correction larger than this means that the tablet's clock needs setting. */
export const skewedOverMs = 5 * minute
/** A capture time older than this (or in the future) is not believed. */
export const plausibleForMs = 60 * day
/**
 * How far in the future a capture may be and still be believed: the `Date` header the offset is
 * learned from has whole seconds, and requests take time.
 */
const futureToleranceMs = minute

export type FrozenTimes = {
  /** The device's clock at Finish (ISO 8601). */
  finishedAt?: string | undefined
  /** Server clock minus device clock, as the device last learned it (ms). */
  clockOffsetMs?: number | undefined
  /** The device's clock when it learned that offset (ISO 8601). */
  clockOffsetAt?: string | undefined
}

export type Capture = {
  capturedAt: Date
  captureUncertain: boolean
  clockSkewed: boolean
  captureImplausible: boolean
}

function timeOf(text: string | undefined): number | null {
  if (text === undefined) return null
  const time = Date.parse(text)
  return Number.isNaN(time) ? null : time
}

/**
 * The correction to add to the finish time, and whether it is a guess: the offset known at Finish
 * when it was learned within `recentOffsetMs` of it; else the skew of the sending request's
 * `Device-Time` (a clock may have been set, or have jumped, since); else none.
 */
function correctionOf(
  frozen: FrozenTimes,
  finishedAt: number,
  deviceTime: string | undefined,
  receivedAt: Date,
): { correction: number; uncertain: boolean } {
  const offsetAt = timeOf(frozen.clockOffsetAt)
  const offset = frozen.clockOffsetMs
  if (
    offset !== undefined &&
    offsetAt !== null &&
    Number.isFinite(offset) &&
    Math.abs(finishedAt - offsetAt) <= recentOffsetMs
  ) {
    return { correction: offset, uncertain: false }
  }
  const sentAt = timeOf(deviceTime)
  if (sentAt !== null) return { correction: receivedAt.getTime() - sentAt, uncertain: true }
  return { correction: 0, uncertain: true }
}

/**
 * The trial's capture time and its marks. Without a finish time (older apps' trials) it is the
 * time it was received. A capture time still in the future or more than 60 days back is stored as
 * received and marked implausible: a trial is never refused for its time.
 */
export function captureOf(
  frozen: FrozenTimes,
  deviceTime: string | undefined,
  receivedAt: Date,
): Capture {
  const finishedAt = timeOf(frozen.finishedAt)
  const asReceived = {
    capturedAt: receivedAt,
    captureUncertain: false,
    clockSkewed: false,
    captureImplausible: false,
  }
  if (finishedAt === null) return asReceived
  const { correction, uncertain } = correctionOf(frozen, finishedAt, deviceTime, receivedAt)
  const captured = finishedAt + correction
  const clockSkewed = Math.abs(correction) > skewedOverMs
  const received = receivedAt.getTime()
  const plausible =
    Number.isFinite(captured) &&
    captured <= received + futureToleranceMs &&
    captured >= received - plausibleForMs
  if (!plausible) {
    return { ...asReceived, captureUncertain: uncertain, clockSkewed, captureImplausible: true }
  }
  return {
    // A capture a moment after its arrival is the rounding of the offset: it arrived when captured.
    capturedAt: new Date(Math.min(captured, received)),
    captureUncertain: uncertain,
    clockSkewed,
    captureImplausible: false,
  }
}
