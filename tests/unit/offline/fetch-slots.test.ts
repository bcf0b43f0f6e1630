import { describe, expect, it } from 'vitest'
import { fetchSlots } from '../../../sw/fetch-slots.ts'

/** A task that runs until `finish` is called, noting when it started. */
function held(log: string[], name: string) {
  let finish = () => {}
  const done = new Promise<void>((resolve) => (finish = resolve))
  return {
    task: async () => {
      log.push(name)
      await done
      return name
    },
    finish: () => finish(),
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('the worker’s fetch slots', () => {
  it('runs no more tasks at once than it has slots, and the next as one ends', async () => {
    const inSlot = fetchSlots(2)
    const started: string[] = []
    const [a, b, c] = ['a', 'b', 'c'].map((name) => held(started, name))
    if (!a || !b || !c) throw new Error('three tasks')
    const results = [inSlot(a.task), inSlot(b.task), inSlot(c.task)]
    await settle()
    expect(started).toEqual(['a', 'b'])
    b.finish()
    await settle()
    expect(started).toEqual(['a', 'b', 'c'])
    a.finish()
    c.finish()
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c'])
  })

  it('gives a freed slot to the app’s files before the pictures that waited longer', async () => {
    const inSlot = fetchSlots(1)
    const started: string[] = []
    const running = held(started, 'picture 1')
    const picture = held(started, 'picture 2')
    const shellFile = held(started, 'index.js')
    const results = [inSlot(running.task), inSlot(picture.task), inSlot(shellFile.task, true)]
    await settle()
    running.finish()
    await settle()
    expect(started).toEqual(['picture 1', 'index.js'])
    shellFile.finish()
    picture.finish()
    await Promise.all(results)
    expect(started).toEqual(['picture 1', 'index.js', 'picture 2'])
  })

  it('frees the slot of a task that fails', async () => {
    const inSlot = fetchSlots(1)
    await expect(inSlot(() => Promise.reject(new TypeError('Failed to fetch')))).rejects.toThrow(
      'Failed to fetch',
    )
    expect(await inSlot(() => Promise.resolve('next'))).toBe('next')
  })
})
