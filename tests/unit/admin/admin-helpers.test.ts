import { describe, expect, it } from 'vitest'
import { formatDuration, splitMinutes } from '../../../src/features/store-admin/duration.ts'
import { attachmentFilename } from '../../../src/ui/admin/content-disposition.ts'
import { thisMonth } from '../../../src/features/reports/report-dates.ts'
import { assignableRoles, canManage } from '../../../src/features/users/user-roles.ts'
import type { ManagedUser } from '../../../src/contract/users.ts'

describe('store log durations', () => {
  it('splits minutes into hours and minutes', () => {
    expect(splitMinutes(135)).toEqual({ hours: 2, minutes: 15 })
    expect(splitMinutes(-5)).toEqual({ hours: 0, minutes: 0 })
  })

  it('writes hours and minutes, leaving out a zero part', () => {
    expect(formatDuration(135)).toBe('2 h 15 min')
    expect(formatDuration(45)).toBe('45 min')
    expect(formatDuration(180)).toBe('3 h')
    expect(formatDuration(0)).toBe('0 min')
  })
})

describe('report file names', () => {
  it('reads a quoted filename', () => {
    expect(attachmentFilename('attachment; filename="trials-2026-01-01-2026-01-31.csv"', 'x')).toBe(
      'trials-2026-01-01-2026-01-31.csv',
    )
  })

  it('prefers the UTF-8 extended filename', () => {
    expect(
      attachmentFilename(`attachment; filename="a.csv"; filename*=UTF-8''izve%C5%A1taj.csv`, 'x'),
    ).toBe('izveštaj.csv')
  })

  it('falls back when the header is missing or names no file, and drops path separators', () => {
    expect(attachmentFilename(null, 'report.csv')).toBe('report.csv')
    expect(attachmentFilename('attachment', 'report.csv')).toBe('report.csv')
    expect(attachmentFilename('attachment; filename=../../evil.csv', 'x')).toBe('.._.._evil.csv')
  })
})

describe('report dates', () => {
  it('defaults to the current month so far', () => {
    expect(thisMonth(new Date('2026-11-22T13:00:00Z'), 'Europe/Belgrade')).toEqual({
      startAt: '2026-11-01',
      endAt: '2026-11-22',
    })
  })

  it("counts today in the stores' time zone, not the device's", () => {
    // 23:30 UTC is already the next day in Belgrade (and the next month at a month's end).
    expect(thisMonth(new Date('2026-11-22T23:30:00Z'), 'Europe/Belgrade').endAt).toBe('2026-11-23')
    expect(thisMonth(new Date('2026-11-22T23:30:00Z'), 'UTC').endAt).toBe('2026-11-22')
    expect(thisMonth(new Date('2026-11-30T23:30:00Z'), 'Europe/Belgrade')).toEqual({
      startAt: '2026-12-01',
      endAt: '2026-12-01',
    })
  })
})

describe('who manages whom', () => {
  const superUser = { role: 'super' } as ManagedUser
  const agent = { role: 'agent' } as ManagedUser

  it('lets only a super user give the super role', () => {
    expect(assignableRoles('super')).toContain('super')
    expect(assignableRoles('admin')).toEqual(['admin', 'manager', 'agent'])
  })

  it('lets only a super user edit a super user', () => {
    expect(canManage('admin', superUser)).toBe(false)
    expect(canManage('super', superUser)).toBe(true)
    expect(canManage('admin', agent)).toBe(true)
    expect(canManage('admin', undefined)).toBe(true)
  })
})
