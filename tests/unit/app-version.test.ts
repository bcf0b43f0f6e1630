import { describe, expect, it } from 'vitest'
import { compareAppVersions } from '../../src/contract/app-version.ts'

describe('app versions', () => {
  it('order by their semver, each part as a number', () => {
    expect(compareAppVersions('1.4.0+a1b2c3d', '1.10.0+0000000')).toBeLessThan(0)
    expect(compareAppVersions('2.0.0+dev', '1.99.99+abc')).toBeGreaterThan(0)
    expect(compareAppVersions('1.4.1+x', '1.4.0+y')).toBeGreaterThan(0)
  })

  it('are the same release whatever their commit', () => {
    expect(compareAppVersions('1.4.0+a1b2c3d', '1.4.0+ffffff0')).toBe(0)
  })

  it('put a version that is not semver below every real one', () => {
    expect(compareAppVersions('unknown', '0.0.1+a')).toBeLessThan(0)
  })
})
