/**
 * App versions are `semver+commit` (design.md section 8). They order by the semver alone: every
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
