import { describe, expect, it } from 'vitest'
import { allows, needsStore, roles } from '../../src/contract/roles.ts'
import { safeRedirect } from '../../src/routing/safe-redirect.ts'

describe('who may open what', () => {
  it('lets every role into the signed-in app', () => {
    for (const role of roles) expect(allows('anyUser', role)).toBe(true)
  })

  it('keeps users and stores administration to super and admin', () => {
    expect(roles.filter((role) => allows('administration', role))).toEqual(['super', 'admin'])
  })

  it('gives the store picker to managers only', () => {
    expect(roles.filter((role) => allows('storePicker', role))).toEqual(['manager'])
  })

  it('sends only a manager without a store to pick one', () => {
    expect(needsStore('manager', null)).toBe(true)
    expect(needsStore('manager', undefined)).toBe(true)
    expect(needsStore('manager', 7)).toBe(false)
    expect(needsStore('agent', null)).toBe(false)
    expect(needsStore('admin', null)).toBe(false)
  })
})

describe('where sign-in returns to', () => {
  it('follows a path of this app and nothing else', () => {
    expect(safeRedirect('/vouchers?code=1')).toBe('/vouchers?code=1')
    expect(safeRedirect(undefined)).toBe('/')
    expect(safeRedirect('https://evil.example')).toBe('/')
    expect(safeRedirect('//evil.example/x')).toBe('/')
  })
})
