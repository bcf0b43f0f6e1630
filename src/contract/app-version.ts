/**
 * App versions are `semver+commit` (docs/api.md#the-minimum-app-version). They order by the semver alone: every
 * release that changes the PWA bumps it, and two builds of one semver are the same release.
 * Answers below 0 when `a` is older than `b`, 0 when they are the same release, above 0 when newer.
 * A version that is not `x.y.z…` orders below every real one.
 */
export function compareAppVersions(a: string, b: string): number {
  const [x, y] = [releaseOf(a), releaseOf(b)]
  for (let i = 0; i < 3; i++) {
    const difference = (x[i] ?? -1) - (y[i] ?? -1)
    if (difference !== 0) return difference
  }
  return 0
}

function releaseOf(version: string): number[] {
  const match = /^(\d+)\.(\d+)\.(\d+)/.exec(version)
  return match ? match.slice(1, 4).map(Number) : []
}

/** `MIN_APP_VERSION` unset: no app is too old. */
export const noMinimumAppVersion = '0.0.0'

/**
 * Whether `version` is older than the `minimum` the server names (`Min-App-Version`): the one rule
 * the server's 426, the devices' attention and the app's update prompt share. No minimum (null,
 * or `noMinimumAppVersion`) makes no version too old.
 */
export function isBelowMinimum(version: string, minimum: string | null): boolean {
  return (
    minimum !== null && minimum !== noMinimumAppVersion && compareAppVersions(version, minimum) < 0
  )
}
