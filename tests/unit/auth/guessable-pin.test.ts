import { describe, expect, it } from 'vitest'
import { pinProblem } from '../../../src/features/auth/idle-lock.ts'

describe('a new PIN', () => {
  it.each(['111111', '000000', '123456', '654321', '012345', '121212', '123123', '112233'])(
    'refuses %s, among the first a thief tries',
    (pin) => {
      expect(pinProblem(pin, pin, 2026)).toBe('guessable')
    },
  )

  it.each(['198512', '202611', '041987', '112026'])(
    'refuses %s, which begins or ends with a year',
    (pin) => {
      expect(pinProblem(pin, pin, 2026)).toBe('guessable')
    },
  )

  it.each(['246810', '482913', '739154', '2468103'])('takes %s', (pin) => {
    expect(pinProblem(pin, pin, 2026)).toBeNull()
  })

  it('says a short PIN is short before anything else, and two different PINs differ', () => {
    expect(pinProblem('1234', '1234', 2026)).toBe('short')
    expect(pinProblem('482913', '482914', 2026)).toBe('mismatch')
  })
})
