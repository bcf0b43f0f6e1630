import { describe, expect, it } from 'vitest'
import { defaultLayout, headerColor, resolveLayout } from '../../src/app/layout-settings.ts'

describe('header layout state', () => {
  it('starts blue, without a back button, with the header actions', () => {
    expect(resolveLayout([])).toEqual({ backButton: null, color: 'blue', showHeaderActions: true })
    expect(resolveLayout([undefined, undefined])).toEqual(defaultLayout)
  })

  it('takes the settings of the matched routes, the deepest last', () => {
    expect(
      resolveLayout([
        { color: 'grey' },
        undefined,
        { backButton: '/stores', showHeaderActions: false },
      ]),
    ).toEqual({ backButton: '/stores', color: 'grey', showHeaderActions: false })
    expect(resolveLayout([{ color: 'grey' }, { color: 'green' }]).color).toBe('green')
  })

  it('lets a child clear a back button its parent set', () => {
    expect(resolveLayout([{ backButton: 'history' }, { backButton: null }]).backButton).toBeNull()
  })

  it('falls back to blue for any other colour', () => {
    expect(headerColor('red')).toBe('blue')
    expect(headerColor(undefined)).toBe('blue')
    expect(resolveLayout([{ color: 'purple' }]).color).toBe('blue')
    expect(headerColor('green')).toBe('green')
  })

  it('is computed afresh for each navigation, so a screen does not inherit the previous one', () => {
    const edit = resolveLayout([{ color: 'green', backButton: 'history' }])
    const home = resolveLayout([undefined])
    expect(edit.color).toBe('green')
    expect(home).toEqual(defaultLayout)
  })
})
