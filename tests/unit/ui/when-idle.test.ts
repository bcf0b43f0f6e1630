import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { afterPaintWhenIdle } from '../../../src/ui/when-idle.ts'

// The browser by hand: frames are drawn and idle periods come when a test says so.
describe('afterPaintWhenIdle', () => {
  let frames: (FrameRequestCallback | null)[] = []
  let idle: ((() => void) | null)[] = []

  beforeEach(() => {
    vi.useFakeTimers()
    frames = []
    idle = []
    vi.stubGlobal('document', { hidden: false })
    vi.stubGlobal('requestAnimationFrame', (task: FrameRequestCallback) => frames.push(task))
    vi.stubGlobal('cancelAnimationFrame', (id: number) => (frames[id - 1] = null))
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idle.push(task))
    vi.stubGlobal('cancelIdleCallback', (id: number) => (idle[id - 1] = null))
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.unstubAllGlobals()
  })
  const drawFrame = () => {
    for (const task of frames.splice(0)) task?.(0)
    vi.runOnlyPendingTimers()
  }
  const browserIdles = () => {
    for (const task of idle.splice(0)) task?.()
  }

  it('runs the task once a frame is painted and the browser is then idle', () => {
    const task = vi.fn()
    afterPaintWhenIdle(task)
    browserIdles()
    expect(task).not.toHaveBeenCalled()
    drawFrame()
    expect(task).not.toHaveBeenCalled()
    browserIdles()
    expect(task).toHaveBeenCalledOnce()
  })

  it('never runs a task cancelled before the frame, nor one cancelled while it waits for idleness', () => {
    const early = vi.fn()
    afterPaintWhenIdle(early)()
    const late = vi.fn()
    const cancelLate = afterPaintWhenIdle(late)
    drawFrame()
    cancelLate()
    browserIdles()
    drawFrame()
    browserIdles()
    expect(early).not.toHaveBeenCalled()
    expect(late).not.toHaveBeenCalled()
  })
})
