import { describe, expect, it } from 'vitest'
import {
  knownOffset,
  learnOffset,
  newerOffset,
  offsetFromAnswer,
} from '../../../src/api/server-clock.ts'
import { frozenTrial } from '../../../src/features/free-guided-trial/frozen-trial.ts'
import {
  trialContractVersion,
  trialContractVersionWithoutEdition,
} from '../../../src/contract/trial.ts'

const hour = 3_600_000

describe('the offset to the server clock', () => {
  it("learns the server's clock from a Date header, at the middle of the request's round trip", () => {
    // The server wrote 12:00:00 (within that second) while the device read 15:00:00.2 to .8.
    const sentAt = Date.parse('2026-03-10T15:00:00.200Z')
    const receivedAt = Date.parse('2026-03-10T15:00:00.800Z')
    const offset = offsetFromAnswer('Tue, 10 Mar 2026 12:00:00 GMT', sentAt, receivedAt)
    expect(offset).toEqual({ offsetMs: -3 * hour, learnedAt: receivedAt })
  })

  it('learns nothing without a readable Date or a sending time', () => {
    expect(offsetFromAnswer(null, 1, 2)).toBeNull()
    expect(offsetFromAnswer('not a date', 1, 2)).toBeNull()
    expect(offsetFromAnswer('Tue, 10 Mar 2026 12:00:00 GMT', Number.NaN, 2)).toBeNull()
  })

  it('keeps the newer of two measures: a clock set since makes the older wrong', () => {
    const older = { offsetMs: -3 * hour, learnedAt: 1000 }
    const newer = { offsetMs: 0, learnedAt: 2000 }
    expect(newerOffset(older, newer)).toBe(newer)
    expect(newerOffset(newer, older)).toBe(newer)
    expect(newerOffset(null, older)).toBe(older)
  })

  it('takes the offset of a clock set back, though the one it knew was learned "later" by the old clock', () => {
    // The tablet ran 45 minutes ahead and learned so; then its clock was set right.
    const server = Date.parse('2026-03-10T12:00:00.000Z')
    const ahead = server + 45 * 60_000
    learnOffset(new Date(server).toUTCString(), ahead, ahead)
    expect(knownOffset()?.offsetMs).toBe(-45 * 60_000 + 500)
    const later = server + 60_000
    learnOffset(new Date(later).toUTCString(), later, later)
    expect(knownOffset()).toEqual({ offsetMs: 500, learnedAt: later })
  })

  it('freezes the finish, the offset known then and the version into the trial', () => {
    const answers = { store_id: 4, comment: 'Kratka proba' }
    const now = Date.parse('2026-03-10T15:05:00.000Z')
    const learnedAt = Date.parse('2026-03-10T15:00:00.800Z')
    expect(frozenTrial(answers, now, { offsetMs: -3 * hour, learnedAt })).toEqual({
      store_id: 4,
      comment: 'Kratka proba',
      finished_at: '2026-03-10T15:05:00.000Z',
      clock_offset_ms: -3 * hour,
      clock_offset_at: '2026-03-10T15:00:00.800Z',
      contract_version: trialContractVersionWithoutEdition,
    })
    // Before any answer: no offset, and the server dates it by the sending request.
    expect(frozenTrial(answers, now, null)).toEqual({
      store_id: 4,
      comment: 'Kratka proba',
      finished_at: '2026-03-10T15:05:00.000Z',
      contract_version: trialContractVersionWithoutEdition,
    })
    // A guided trial names its content edition, and is frozen in the version that names one.
    const guided = { ...answers, content_edition: 3 }
    expect(frozenTrial(guided, now, null)).toMatchObject({
      content_edition: 3,
      contract_version: trialContractVersion,
    })
  })
})
