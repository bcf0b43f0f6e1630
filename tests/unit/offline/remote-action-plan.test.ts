import { describe, expect, it } from 'vitest'
import type { DeliveredAction } from '../../../src/contract/delivered-actions.ts'
import { isWizardPath, mayActNow, toHandle } from '../../../src/offline/remote-action-plan.ts'

const issuedAt = '2026-12-06T10:00:00.000Z'
const action = (id: number, kind: DeliveredAction['action'], lost?: boolean): DeliveredAction => ({
  id,
  action: kind,
  issuedAt,
  ...(lost === undefined ? {} : { lost }),
})

describe('a remote action on the tablet', () => {
  it('never cuts a wizard, but for a wipe of a lost tablet; a message and a refresh go at once', () => {
    for (const kind of ['update', 'sign-out'] as const) {
      expect(mayActNow(action(1, kind), true)).toBe(false)
      expect(mayActNow(action(1, kind), false)).toBe(true)
    }
    expect(mayActNow(action(1, 'wipe'), true)).toBe(false)
    expect(mayActNow(action(1, 'wipe', false), true)).toBe(false)
    expect(mayActNow(action(1, 'wipe', true), true)).toBe(true)
    expect(mayActNow(action(1, 'message'), true)).toBe(true)
    expect(mayActNow(action(1, 'refresh'), true)).toBe(true)
  })

  it('knows the wizards by their path, not the success page after them', () => {
    expect(isWizardPath('/free-guided-trial')).toBe(true)
    expect(isWizardPath('/free-guided-trial/simple')).toBe(true)
    expect(isWizardPath('/free-guided-trial-success')).toBe(false)
    expect(isWizardPath('/outbox')).toBe(false)
  })

  it('acts once on an action delivered twice, handled or under way', () => {
    const delivered = [
      action(1, 'update'),
      action(2, 'message'),
      action(2, 'message'),
      action(3, 'wipe'),
    ]
    expect(toHandle(delivered, new Set(), new Set()).map(({ id }) => id)).toEqual([1, 2, 3])
    expect(toHandle(delivered, new Set([1]), new Set([3])).map(({ id }) => id)).toEqual([2])
  })
})
