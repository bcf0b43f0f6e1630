import type { QuarantineOutcome } from '../../contract/quarantine.ts'
import { retriedRefusalCodes } from '../../contract/refusals.ts'
import type { TrialBody } from '../../contract/trial.ts'

/**
 * A finished trial waiting to reach the server (docs/behaviour.md#offline). Its `id` is the
 * Idempotency-Key made on the device when the trial was finished, so sending it again after a
 * crash or a lost answer stores nothing twice. The body is frozen once queued.
 */
export type OutboxItem = {
  id: string
  userId: number
  createdAt: string
  body: TrialBody
  state: OutboxState
  attempts: number
  /** Epoch ms before which a waiting item is not sent again (backoff). */
  nextAttemptAt: number
  /** The server's message for a refused trial. */
  error: string | null
  /**
   * The build that queued it (`semver+commit`); null for a trial queued before items recorded it
   * (database version 3 marks those so, and changes nothing else).
   */
  appVersion: string | null
  /**
   * The last unsuccessful attempt's error, as codes (shown in the language of whoever reads it);
   * absent on items queued before it was kept, null once an attempt went through or none failed.
   */
  lastError?: KeptError | null
  /** When the last attempt to send it ended (ISO 8601, device clock); absent before the first. */
  lastAttemptAt?: string
  /**
   * A trial refused for good, once the server's quarantine holds it (docs/api.md#quarantine):
   * what became of it there. Absent while only this device holds it.
   */
  quarantine?: QuarantineOutcome
}

/**
 * An attempt's error as the outbox keeps it (docs/behaviour.md#offline): the answer's status, its
 * `code` (the message id, `store.notFound`; `api.network` when no answer came), the fields it
 * refused and the request's id, so that support finds it in the server's logs.
 */
export type KeptError = {
  status: number
  code: string
  requestId?: string
  fields?: string[]
}

/**
 * waiting: will be sent, with its author's device credential whoever is signed in (or nobody);
 * needs-login: the server refused its author's credential (revoked, expired) or the device has
 * none for them, so it is sent after its author signs in on this device again (never deleted);
 * failed: the server refused it (shown with its message; retried or discarded only by the user).
 */
export type OutboxState = 'waiting' | 'needs-login' | 'failed'

/** What one attempt to send came to. */
export type SendOutcome =
  | { kind: 'stored'; serverId: number }
  | { kind: 'offline'; error?: KeptError }
  | { kind: 'retry-later'; error?: KeptError; retryAfterMs?: number }
  | { kind: 'needs-login'; error?: KeptError }
  | { kind: 'refused'; message: string; error?: KeptError }

export function newOutboxItem(
  id: string,
  userId: number,
  body: TrialBody,
  now: number,
  appVersion: string | null,
): OutboxItem {
  return {
    id,
    userId,
    createdAt: new Date(now).toISOString(),
    body,
    state: 'waiting',
    attempts: 0,
    nextAttemptAt: now,
    error: null,
    appVersion,
  }
}

const firstDelay = 2_000
/**
 * The longest wait between failed attempts while the app is open: a store's link that comes back
 * for a minute is used within it. The server coming back does not wait even that long: the app
 * sends as soon as it answers again (src/offline/outbox/outbox-runner.ts).
 */
const maxDelay = 30_000
/** A server's `Retry-After` is honoured, up to this. */
const longestRetryAfter = 5 * 60_000

/** Exponential backoff: 2 s, 4 s, 8 s, 16 s, then every 30 s. */
export function backoff(attempts: number): number {
  return Math.min(maxDelay, firstDelay * 2 ** Math.max(0, attempts - 1))
}

/**
 * A `Retry-After` header in milliseconds from `now`: seconds, or an HTTP date; undefined when
 * absent or unreadable.
 */
export function retryAfterMs(header: string | undefined, now: number): number | undefined {
  if (header === undefined || header.trim() === '') return undefined
  const text = header.trim()
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The wait after a failed attempt: the backoff, or longer when the server asked for longer. */
export function waitAfter(attempts: number, retryAfterMs: number | undefined): number {
  return Math.max(backoff(attempts), Math.min(retryAfterMs ?? 0, longestRetryAfter))
}

/** The item after an attempt, or null when the server has it and it leaves the outbox. */
export function afterAttempt(
  item: OutboxItem,
  outcome: SendOutcome,
  now: number,
): OutboxItem | null {
  if (outcome.kind === 'stored') return null
  const attempts = item.attempts + 1
  const tried = {
    ...item,
    attempts,
    lastAttemptAt: new Date(now).toISOString(),
    lastError: outcome.error ?? null,
  }
  switch (outcome.kind) {
    case 'offline':
      return { ...tried, state: 'waiting', nextAttemptAt: now + backoff(attempts) }
    case 'retry-later':
      return {
        ...tried,
        state: 'waiting',
        nextAttemptAt: now + waitAfter(attempts, outcome.retryAfterMs),
      }
    case 'needs-login':
      return { ...tried, state: 'needs-login' }
    case 'refused':
      return { ...tried, state: 'failed', error: outcome.message }
  }
}

/** Whether the sender should try the item now, whoever its author is. */
export function isDue(item: OutboxItem, now: number): boolean {
  return item.state === 'waiting' && item.nextAttemptAt <= now
}

/** Items the sender should try now, oldest first. */
export function dueItems(items: readonly OutboxItem[], now: number): OutboxItem[] {
  return items
    .filter((item) => isDue(item, now))
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))
}

/** After the same user signs in again, the items that waited for it are due at once. */
export function afterLogin(item: OutboxItem, now: number): OutboxItem {
  return item.state === 'needs-login' ? { ...item, state: 'waiting', nextAttemptAt: now } : item
}

/** A deliberate retry of a refused (or waiting) trial. */
export function retryNow(item: OutboxItem, now: number): OutboxItem {
  return { ...item, state: 'waiting', error: null, nextAttemptAt: now }
}

/**
 * What a failed answer means for a queued trial: `status` 0 is no connection, -1 an answer not
 * of the contract's shape. 401 waits for its author's sign-in; 409 (the first request with this key is still
 * running), 429, 5xx and the refusals an update or the server's keys may change
 * (`retriedRefusalCodes`) are tried again later; any other refusal is shown with its message.
 */
export function outcomeOfStatus(
  status: number,
  message: string,
  error?: KeptError,
  retryAfterMs?: number,
): SendOutcome {
  const kept = error ? { error } : {}
  if (status === 0) return { kind: 'offline', ...kept }
  if (status === 401) return { kind: 'needs-login', ...kept }
  const retried = error !== undefined && retriedRefusalCodes.includes(error.code)
  if (status === -1 || status === 409 || status === 429 || status >= 500 || retried)
    return { kind: 'retry-later', ...kept, ...(retryAfterMs === undefined ? {} : { retryAfterMs }) }
  return { kind: 'refused', message, ...kept }
}
