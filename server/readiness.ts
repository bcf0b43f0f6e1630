/**
 * Whether this process should be sent new requests (`GET /api/v1/ready`): not while it starts
 * (the database not yet migrated), not once it drains for a shutdown, and not while its writes fail
 * for want of room (a full disk), so that a load balancer routes around it (docs/architecture.md,
 * docs/deploy.md).
 */
export type ReadinessState = 'starting' | 'ready' | 'draining'

/** Seconds a write refused for want of room is to wait (`Retry-After`), and this process out. */
export const diskFullRetrySeconds = 60

export type Readiness = {
  readonly state: ReadinessState
  /** The database is migrated (and seeded where asked): requests are welcome. */
  ready(): void
  /** A shutdown has begun: the balancer is told at once, requests still in flight are served. */
  drain(): void
  /** A write failed at `at` for want of room. */
  diskFull(at: Date): void
  /** A write succeeded: there is room again. */
  wrote(): void
  /**
   * Whether writes fail for want of room: since the last such failure no write succeeded, and
   * `diskFullRetrySeconds` have not passed. After them the process takes requests again: with a
   * balancer routing around it, they are what finds out whether there is room (a write failing
   * again turns it away at once).
   */
  writesFailing(now: Date): boolean
}

export function createReadiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial
  let diskFullAt: Date | null = null
  return {
    get state() {
      return state
    },
    ready() {
      if (state === 'starting') state = 'ready'
    },
    drain() {
      state = 'draining'
    },
    diskFull(at) {
      diskFullAt = at
    },
    wrote() {
      diskFullAt = null
    },
    writesFailing(now) {
      if (diskFullAt === null) return false
      return now.getTime() - diskFullAt.getTime() < diskFullRetrySeconds * 1000
    },
  }
}
