/**
 * Whether this process should be sent new requests (`GET /api/v1/ready`): not while it starts
 * (the database not yet migrated) and not once it drains for a shutdown, so that a load balancer
 * routes around it before it stops accepting (docs/architecture.md).
 */
export type ReadinessState = 'starting' | 'ready' | 'draining'

export type Readiness = {
  readonly state: ReadinessState
  /** The database is migrated (and seeded where asked): requests are welcome. */
  ready(): void
  /** A shutdown has begun: the balancer is told at once, requests still in flight are served. */
  drain(): void
}

export function createReadiness(initial: ReadinessState = 'starting'): Readiness {
  let state = initial
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
  }
}
