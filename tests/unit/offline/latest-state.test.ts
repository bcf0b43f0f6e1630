import { describe, expect, it } from 'vitest'
import { reportingLatest } from '../../../src/offline/outbox/latest-state.ts'

/** A task that reports the state it saw, and finishes when the test says. */
function reporter() {
  const seen: number[] = []
  const finishers: Array<() => void> = []
  let state = 0
  const task = () => {
    seen.push(state)
    return new Promise<void>((resolve) => finishers.push(resolve))
  }
  return {
    seen,
    task,
    setState: (value: number) => (state = value),
    finish: async () => {
      finishers.shift()?.()
      // Let the follow-up start.
      await new Promise((resolve) => setTimeout(resolve, 0))
    },
  }
}

describe('reportingLatest', () => {
  it('reports a change made while a report was on its way, once more after it', async () => {
    const { seen, task, setState, finish } = reporter()
    const report = reportingLatest(task)
    const first = report()
    setState(1)
    const second = report()
    const third = report()
    expect(seen).toEqual([0])
    await finish()
    await first
    expect(seen).toEqual([0, 1])
    await finish()
    await Promise.all([second, third])
    expect(seen).toEqual([0, 1])
  })

  it('runs at once when nothing is on its way, and goes on after a report that failed', async () => {
    const report = reportingLatest(() => Promise.reject(new Error('no connection')))
    await expect(report()).rejects.toThrow('no connection')
    await expect(report()).rejects.toThrow('no connection')
  })
})
