import { describe, expect, it } from 'vitest'
import { captureOf } from '../../../server/routes/trials/capture-time.ts'

const minute = 60_000
const hour = 60 * minute
const day = 24 * hour
const received = new Date('2026-03-10T12:00:00.000Z')
const at = (ms: number) => new Date(received.getTime() + ms).toISOString()

describe('the capture time of a trial', () => {
  it('is the time received for a trial without a finish time', () => {
    expect(captureOf({}, at(0), received)).toEqual({
      capturedAt: received,
      captureUncertain: false,
      clockSkewed: false,
      captureImplausible: false,
    })
  })

  it('corrects the finish by the offset known at Finish when learned within 6 hours of it', () => {
    const capture = captureOf(
      {
        finishedAt: at(-2 * day + 3 * hour),
        clockOffsetMs: -3 * hour,
        clockOffsetAt: at(-2 * day),
      },
      at(0),
      received,
    )
    expect(capture.capturedAt.toISOString()).toBe(at(-2 * day))
    expect(capture).toMatchObject({ captureUncertain: false, clockSkewed: true })
  })

  it('uses the skew of the sending request for an older offset, and marks it uncertain', () => {
    const capture = captureOf(
      { finishedAt: at(-hour - 2 * minute), clockOffsetMs: 0, clockOffsetAt: at(-3 * day) },
      at(-2 * minute),
      received,
    )
    expect(capture.capturedAt.toISOString()).toBe(at(-hour))
    expect(capture).toMatchObject({ captureUncertain: true, clockSkewed: false })
  })

  it('marks a correction of more than 5 minutes as a clock to set, and not of less', () => {
    const skewed = (ms: number) =>
      captureOf(
        { finishedAt: at(-hour), clockOffsetMs: ms, clockOffsetAt: at(-hour) },
        at(0),
        received,
      ).clockSkewed
    expect(skewed(5 * minute)).toBe(false)
    expect(skewed(5 * minute + 1)).toBe(true)
    expect(skewed(-5 * minute - 1)).toBe(true)
  })

  it('stores a time in the future or over 60 days back as received, marked, never refused', () => {
    for (const finished of [at(2 * hour), at(-61 * day)]) {
      const capture = captureOf({ finishedAt: finished }, at(0), received)
      expect(capture).toEqual({
        capturedAt: received,
        captureUncertain: true,
        clockSkewed: false,
        captureImplausible: true,
      })
    }
    // 59 days back is believed.
    expect(captureOf({ finishedAt: at(-59 * day) }, at(0), received).captureImplausible).toBe(false)
  })
})
