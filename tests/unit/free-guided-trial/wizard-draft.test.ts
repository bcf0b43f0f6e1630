import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createDraftWriter,
  draftSaveDelay,
  dropDraft,
  discardStrandedDraft,
  loadDraft,
  strandedDrafts,
  writeDraft,
} from '../../../src/features/free-guided-trial/wizard-draft.ts'
import { offlineDatabase } from '../../../src/offline/database.ts'
import { createPin, lockVault } from '../../../src/offline/vault.ts'
import { readableAnswers } from '../../../src/features/free-guided-trial/stranded-answers.ts'
import type { WizardState } from '../../../src/features/free-guided-trial/wizard-state.ts'
import { run, start, store } from './helpers.ts'

const { least, quiet, most } = draftSaveDelay

/**
 * The browser's idle moments, by hand: the tasks waiting for one, and `idle()` to have one
 * (the writer's tasks then run).
 */
function browser() {
  const waiting = new Set<() => void>()
  return {
    whenIdle: (task: () => void) => {
      waiting.add(task)
      return () => waiting.delete(task)
    },
    idle: () => {
      const tasks = [...waiting]
      waiting.clear()
      for (const task of tasks) task()
    },
    busy: () => waiting.size,
  }
}

/** A writer whose writes are recorded (the step index of each state written), and its browser. */
function recorded() {
  const writes: number[] = []
  const page = browser()
  const writer = createDraftWriter(
    (state) => {
      writes.push(state.stepIndex)
    },
    draftSaveDelay,
    page.whenIdle,
  )
  return { writes, writer, page }
}

const at = (stepIndex: number): WizardState => ({ ...start(), stepIndex })

describe('the draft writer', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('writes a change once nothing else followed for a while and the browser is idle', () => {
    const { writes, writer, page } = recorded()
    writer.schedule(at(1))
    vi.advanceTimersByTime(quiet - 1)
    page.idle()
    expect(writes).toEqual([])
    vi.advanceTimersByTime(1)
    // The step change may still be drawing: the write waits for the browser's next idle moment.
    expect(writes).toEqual([])
    // Another change before that moment (the step change after an answer) waits again: an idle
    // moment between the new step's frames is no time for a write.
    writer.schedule(at(2))
    page.idle()
    expect(writes).toEqual([])
    vi.advanceTimersByTime(quiet - 1)
    page.idle()
    expect(writes).toEqual([])
    vi.advanceTimersByTime(1)
    page.idle()
    expect(writes).toEqual([2])
    vi.advanceTimersByTime(10 * most)
    page.idle()
    expect(writes).toHaveLength(1)
  })

  it('makes one write of a burst of changes: the last state', () => {
    const { writes, writer, page } = recorded()
    for (let step = 0; step < 5; step++) {
      writer.schedule(at(step))
      vi.advanceTimersByTime(quiet / 2)
      page.idle()
    }
    expect(writes).toEqual([])
    vi.advanceTimersByTime(quiet)
    page.idle()
    expect(writes).toEqual([4])
  })

  it('writes what waits for an idle moment once past the limit, whatever follows', () => {
    const { writes, writer, page } = recorded()
    const started = Date.now()
    let step = 0
    writer.schedule(at(step))
    // Each change comes as the write before it waits for an idle moment that has not come yet.
    while (Date.now() - started < most) {
      vi.advanceTimersByTime(quiet)
      expect(page.busy()).toBe(1)
      writer.schedule(at(++step))
    }
    // Past the limit the last change does not put the write off again.
    expect(page.busy()).toBe(1)
    page.idle()
    expect(writes).toEqual([step])
  })

  it('writes changes that never pause soon after the limit, and never on a change’s frame', () => {
    const { writes, writer, page } = recorded()
    // A change every 100 ms (sooner than `quiet`): only the limit makes a write.
    for (let step = 0; step <= 20; step++) {
      writer.schedule(at(step))
      vi.advanceTimersByTime(100)
      page.idle()
      // The change at 1,900 ms (before the limit) is still given `least` ms.
      expect(writes).toEqual(step * 100 + 100 < 1900 + least ? [] : [20])
    }
  })

  it('writes at once what waits when the page hides or the wizard is left', () => {
    const { writes, writer, page } = recorded()
    writer.flush()
    expect(writes).toEqual([])
    writer.schedule(at(3))
    writer.flush()
    expect(writes).toEqual([3])
    writer.schedule(at(4))
    vi.advanceTimersByTime(quiet)
    expect(page.busy()).toBe(1)
    writer.flush()
    expect(writes).toEqual([3, 4])
    expect(page.busy()).toBe(0)
    vi.advanceTimersByTime(10 * most)
    expect(writes).toHaveLength(2)
  })

  it('forgets what waits when the trial is finished or given up', () => {
    const { writes, writer, page } = recorded()
    writer.schedule(at(2))
    writer.cancel()
    writer.flush()
    vi.advanceTimersByTime(10 * most)
    page.idle()
    writer.schedule(at(5))
    vi.advanceTimersByTime(quiet)
    writer.cancel()
    page.idle()
    expect(writes).toEqual([])
  })
})

describe('a draft written at once (as when the page unloads)', () => {
  afterEach(lockVault)

  it('is committed sealed at once and read back as it was, only with the key open', async () => {
    const userId = 41
    const user = { id: userId, expertStore: null }
    await createPin(offlineDatabase(), userId, '482913')
    expect(await loadDraft(user)).toBeNull()
    const state = run(
      start(),
      { type: 'setStore', store },
      { type: 'setGender', gender: 'female' },
      { type: 'setEmail', email: 'kupac@example.me' },
    )
    await writeDraft(userId, state)
    expect(await loadDraft(user)).toEqual(state)
    const kept = await offlineDatabase().drafts.get(userId)
    expect(kept?.trialId).toBe(state.trialId)
    expect(JSON.stringify(kept)).not.toContain('example.me')
    expect(JSON.stringify(kept)).not.toContain('female')
    lockVault()
    expect(await loadDraft(user)).toBeNull()
    await dropDraft(userId)
  }, 20_000)
})

describe('a draft this build cannot restore', () => {
  afterEach(lockVault)

  it('is offered as not restored with its answers readable, and goes only when discarded', async () => {
    const userId = 42
    const user = { id: userId, expertStore: null }
    await createPin(offlineDatabase(), userId, '482913')
    const valid = run(start(), { type: 'setStore', store }, { type: 'setGender', gender: 'female' })
    // A shape a later or earlier build wrote: an answer in a form this wizard does not know.
    const foreign = {
      ...valid,
      answers: {
        ...valid.answers,
        gender: { key: 'female' },
        email: { ...valid.answers.email, email: 'kupac@example.me' },
      },
    }
    await offlineDatabase().drafts.put({
      userId,
      state: foreign,
      updatedAt: '2026-11-20T10:00:00.000Z',
      appVersion: '1.3.0+0abc123',
    })

    expect(await loadDraft(user)).toBeNull()
    const [stranded, ...others] = await strandedDrafts(userId)
    expect(others).toEqual([])
    expect(stranded).toMatchObject({
      userId,
      state: foreign,
      updatedAt: '2026-11-20T10:00:00.000Z',
      appVersion: '1.3.0+0abc123',
    })
    expect(readableAnswers(stranded?.state)).toEqual(
      expect.arrayContaining([
        { path: 'gender.key', value: 'female' },
        { path: 'email.email', value: 'kupac@example.me' },
      ]),
    )

    // The next trial's draft takes the draft's place; the stranded one stays.
    const next = start()
    await writeDraft(userId, next)
    expect(await loadDraft(user)).toEqual(next)
    expect(await strandedDrafts(userId)).toHaveLength(1)

    const id = stranded?.id
    if (id === undefined) throw new Error('the stranded draft has no id')
    await discardStrandedDraft(id)
    await discardStrandedDraft(id)
    expect(await strandedDrafts(userId)).toEqual([])
    await dropDraft(userId)
  }, 20_000)
})
