import { createAtom, useSelector } from '@tanstack/react-store'

/**
 * Whether the server answers (docs/behaviour.md#offline). The browser's `navigator.onLine` says
 * only that some network is there: a store's Wi-Fi without a way out, or a server being
 * restarted behind its balancer, leave it true while nothing arrives. So the app learns it from
 * what its own requests come to, and from a light probe while trials wait
 * (src/offline/outbox/outbox-runner.ts); the browser's flag is only the first guess.
 */
const reachable = createAtom(typeof navigator === 'undefined' || navigator.onLine)

/**
 * Whether an answer means the server was reached: any answer but a gateway's 502, 503 or 504
 * without the API's `Request-Id` (a balancer or proxy speaking for a server it cannot reach);
 * status 0 is no answer at all.
 */
export function reachedBy(status: number, fromTheApi: boolean): boolean {
  return status !== 0 && (fromTheApi || status < 502 || status > 504)
}

/** Notes whether the server was reached, telling the listeners when that changes. */
export const learnReachability = reachable.set
export const isServerReachable = reachable.get

/** Calls `then` each time the server answers again after it could not be reached. */
export function whenReachedAgain(then: () => void): void {
  let reached = reachable.get()
  reachable.subscribe(() => {
    if (reachable.get() && !reached) then()
    reached = reachable.get()
  })
}

/** The header's "Online" / "Offline": whether the server answers, as last learnt. */
export function useServerReachable(): boolean {
  return useSelector(reachable)
}
