import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createToastQueue,
  toast,
  toastQueue,
  type ToastQueue,
  type ToastScheduler,
} from '../../../src/ui/toast/toast-queue.ts'

function messages(queue: ToastQueue, position: 'top' | 'bottom' = 'top') {
  return queue.getSnapshot()[position].map((item) => item.message)
}

describe('toast queue', () => {
  let queue: ToastQueue

  beforeEach(() => {
    vi.useFakeTimers()
    queue = createToastQueue()
  })

  afterEach(() => {
    queue.clear()
    vi.useRealTimers()
  })

  it('shows a toast at the top for 3000 ms by default, then 150 ms leaving, then removes it', () => {
    queue.notify({ kind: 'success', message: 'Saved' })
    const [item] = queue.getSnapshot().top
    expect(item).toMatchObject({
      kind: 'success',
      message: 'Saved',
      duration: 3000,
      position: 'top',
      phase: 'visible',
    })

    vi.advanceTimersByTime(2999)
    expect(queue.getSnapshot().top[0]?.phase).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().top[0]?.phase).toBe('leaving')
    vi.advanceTimersByTime(149)
    expect(messages(queue)).toEqual(['Saved'])
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().top).toEqual([])
  })

  it('keeps a toast for its own duration and at the position asked for', () => {
    queue.notify({ kind: 'info', message: 'Below', duration: 5000, position: 'bottom' })
    expect(messages(queue, 'top')).toEqual([])
    expect(messages(queue, 'bottom')).toEqual(['Below'])

    vi.advanceTimersByTime(4999)
    expect(queue.getSnapshot().bottom[0]?.phase).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().bottom[0]?.phase).toBe('leaving')
  })

  it('shows at most three toasts per position; the rest wait, in order, for the 250 ms retry', () => {
    for (const message of ['1', '2', '3', '4', '5']) queue.notify({ kind: 'info', message })
    queue.notify({ kind: 'info', message: 'other side', position: 'bottom' })
    expect(messages(queue)).toEqual(['1', '2', '3'])
    expect(messages(queue, 'bottom')).toEqual(['other side'])
    expect(queue.getSnapshot().waiting).toBe(2)

    const first = queue.getSnapshot().top[0]?.id ?? ''
    queue.dismiss(first)
    vi.advanceTimersByTime(150) // the first toast has left; its place is free
    expect(messages(queue)).toEqual(['2', '3'])
    vi.advanceTimersByTime(99) // t = 249: the retry has not come yet
    expect(messages(queue)).toEqual(['2', '3'])
    vi.advanceTimersByTime(1) // t = 250: the retry shows the oldest waiting toast
    expect(messages(queue)).toEqual(['2', '3', '4'])
    expect(queue.getSnapshot().waiting).toBe(1)
  })

  it('starts a waiting toast’s countdown only when it is shown', () => {
    for (const message of ['1', '2', '3'])
      queue.notify({ kind: 'info', message, duration: 100_000 })
    queue.notify({ kind: 'info', message: 'late', duration: 1000 })
    vi.advanceTimersByTime(2000) // 'late' has waited longer than its duration
    queue.dismiss(queue.getSnapshot().top[0]?.id ?? '')
    vi.advanceTimersByTime(250) // t = 2250: leave done at 2150, retry at 2250
    expect(queue.getSnapshot().top.find((item) => item.message === 'late')?.phase).toBe('visible')
    vi.advanceTimersByTime(999)
    expect(queue.getSnapshot().top.find((item) => item.message === 'late')?.phase).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().top.find((item) => item.message === 'late')?.phase).toBe('leaving')
  })

  it('pauses the countdown and resumes it with the time that was left', () => {
    const id = queue.notify({ kind: 'info', message: 'Hover me' })
    vi.advanceTimersByTime(1000)
    queue.pause(id)
    expect(queue.getSnapshot().top[0]?.paused).toBe(true)
    vi.advanceTimersByTime(60_000)
    expect(queue.getSnapshot().top[0]?.phase).toBe('visible')

    queue.resume(id)
    expect(queue.getSnapshot().top[0]?.paused).toBe(false)
    vi.advanceTimersByTime(1999)
    expect(queue.getSnapshot().top[0]?.phase).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().top[0]?.phase).toBe('leaving')
  })

  it('adds up the time of several pauses', () => {
    const id = queue.notify({ kind: 'info', message: 'Hover twice' })
    vi.advanceTimersByTime(1000)
    queue.pause(id)
    queue.pause(id) // a second pause changes nothing
    vi.advanceTimersByTime(5000)
    queue.resume(id)
    vi.advanceTimersByTime(1000)
    queue.pause(id)
    vi.advanceTimersByTime(5000)
    queue.resume(id)
    vi.advanceTimersByTime(999)
    expect(queue.getSnapshot().top[0]?.phase).toBe('visible')
    vi.advanceTimersByTime(1)
    expect(queue.getSnapshot().top[0]?.phase).toBe('leaving')
  })

  it('dismisses on demand: 150 ms leaving, then removal; a second dismiss does not restart it', () => {
    const id = queue.notify({ kind: 'error', message: 'Failed' })
    queue.dismiss(id)
    expect(queue.getSnapshot().top[0]?.phase).toBe('leaving')
    vi.advanceTimersByTime(100)
    queue.dismiss(id)
    queue.resume(id)
    vi.advanceTimersByTime(50)
    expect(queue.getSnapshot().top).toEqual([])
  })

  it('drops a waiting toast that is dismissed before it is shown', () => {
    for (const message of ['1', '2', '3']) queue.notify({ kind: 'info', message })
    const waitingId = queue.notify({ kind: 'info', message: 'never shown' })
    queue.dismiss(waitingId)
    expect(queue.getSnapshot().waiting).toBe(0)
    vi.advanceTimersByTime(10_000)
    expect(messages(queue)).not.toContain('never shown')
  })

  it('keeps a toast with an infinite duration until it is dismissed', () => {
    queue.notify({ kind: 'error', message: 'Sticky', duration: Infinity })
    vi.advanceTimersByTime(24 * 60 * 60 * 1000)
    expect(queue.getSnapshot().top[0]?.phase).toBe('visible')
  })

  it('tells subscribers about changes and keeps the snapshot identical between them', () => {
    const listener = vi.fn()
    const unsubscribe = queue.subscribe(listener)
    const before = queue.getSnapshot()
    expect(queue.getSnapshot()).toBe(before)

    queue.notify({ kind: 'info', message: 'Hi' })
    expect(listener).toHaveBeenCalledTimes(1)
    const after = queue.getSnapshot()
    expect(after).not.toBe(before)
    expect(queue.getSnapshot()).toBe(after)

    unsubscribe()
    queue.notify({ kind: 'info', message: 'Again' })
    expect(listener).toHaveBeenCalledTimes(1)
  })
})

describe('toast queue with an injected scheduler', () => {
  it('reads time and sets timers only through the scheduler', () => {
    let now = 0
    const timers: Array<{ at: number; callback: () => void; cancelled: boolean }> = []
    const scheduler: ToastScheduler = {
      now: () => now,
      setTimeout: (callback, ms) => {
        const timer = { at: now + ms, callback, cancelled: false }
        timers.push(timer)
        return () => {
          timer.cancelled = true
        }
      },
    }
    const runUntil = (time: number) => {
      now = time
      for (const timer of timers.filter((t) => !t.cancelled && t.at <= time)) {
        timer.cancelled = true
        timer.callback()
      }
    }
    const queue = createToastQueue(scheduler)
    const id = queue.notify({ kind: 'success', message: 'Done' })
    expect(timers.map((timer) => timer.at)).toEqual([3000])

    runUntil(500)
    queue.pause(id)
    runUntil(10_000)
    queue.resume(id)
    expect(timers.filter((timer) => !timer.cancelled).map((timer) => timer.at)).toEqual([12_500])
    runUntil(12_500)
    expect(queue.getSnapshot().top[0]?.phase).toBe('leaving')
  })
})

describe('toast shortcuts', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => {
    toastQueue.clear()
    vi.useRealTimers()
  })

  it('toast.success, toast.error and toast.info queue toasts of their kind on the app queue', () => {
    toast.success('ok')
    toast.error('bad', { position: 'bottom', duration: 8000 })
    toast.info('fyi')
    const { top, bottom } = toastQueue.getSnapshot()
    expect(top.map(({ kind, message }) => [kind, message])).toEqual([
      ['success', 'ok'],
      ['info', 'fyi'],
    ])
    expect(bottom).toMatchObject([{ kind: 'error', message: 'bad', duration: 8000 }])
  })

  it('toast.dismiss starts the leaving phase of the toast whose id it is given', () => {
    const id = toast.info('bye')
    toast.dismiss(id)
    expect(toastQueue.getSnapshot().top[0]?.phase).toBe('leaving')
  })
})
