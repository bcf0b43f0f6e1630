import type { TrialBody } from '../../contract/trial.ts'
import type { OfflineDatabase } from '../database.ts'
import {
  afterAttempt,
  afterLogin,
  dueItems,
  isDue,
  newOutboxItem,
  retryNow,
  type OutboxItem,
  type SendOutcome,
} from './outbox-state.ts'
import { withSenderLock } from './sender-lock.ts'
import { dropPackImages } from '../pack-image-list.ts'
import { writeMakingRoom } from '../storage-room.ts'

/**
 * How many trials the one sender has on the wire at once. Each trial carries its own
 * Idempotency-Key, so the order they reach the server in does not matter.
 */
export const sendConcurrency = 4

export type OutboxDeps = {
  db: OfflineDatabase
  send: (item: OutboxItem) => Promise<SendOutcome>
  now?: () => number
  /** At most this many sends in flight (default `sendConcurrency`). */
  concurrency?: number
  /** Told how far the run is: trials tried of those due, after each (the screen's "n of m"). */
  onProgress?: (progress: SendProgress) => void
}

/** How far a run of the sender is: `done` trials tried of `total` due. */
export type SendProgress = { done: number; total: number }

/**
 * Puts a finished trial in the outbox under `id`, its Idempotency-Key, before anything is sent.
 * An item already under that id is never overwritten (the write fails).
 */
export async function enqueueTrial(
  db: OfflineDatabase,
  userId: number,
  body: TrialBody,
  now = Date.now(),
  id: string = crypto.randomUUID(),
  appVersion: string | null = null,
): Promise<OutboxItem> {
  const item = newOutboxItem(id, userId, structuredClone(body), now, appVersion)
  await db.outbox.add(item)
  return item
}

/** What finishing a wizard came to: its trial joined the outbox, or had been finished before. */
export type Finished = { trialId: string; before: boolean }

/**
 * Finishing a wizard: its trial joins the outbox under the wizard's trial id, and the wizard's
 * draft goes, in one IndexedDB transaction, so that no reload or crash in between can leave both.
 * A trial id already waiting in the outbox, or already sent (a receipt), changes nothing: a
 * second click, a retried tap, a reload or a second tab finishing the same wizard adds no trial.
 * `appVersion` names the build that queued it.
 */
export function finishTrialOnDevice(
  db: OfflineDatabase,
  userId: number,
  trialId: string,
  body: TrialBody,
  now = Date.now(),
  appVersion: string | null = null,
  makeRoom: () => Promise<boolean> = dropPackImages,
): Promise<Finished> {
  // A full device gives up its pack images (fetched again later) rather than the trial.
  return writeMakingRoom(() => finishOnce(db, userId, trialId, body, now, appVersion), makeRoom)
}

function finishOnce(
  db: OfflineDatabase,
  userId: number,
  trialId: string,
  body: TrialBody,
  now: number,
  appVersion: string | null,
): Promise<Finished> {
  return db.transaction('rw', db.outbox, db.drafts, db.receipts, async () => {
    const known = (await db.outbox.get(trialId)) ?? (await db.receipts.get(trialId))
    if (!known) await enqueueTrial(db, userId, body, now, trialId, appVersion)
    const draft = await db.drafts.get(userId)
    if (draft && (draft.trialId ?? draftTrialId(draft.state)) === trialId) {
      await db.drafts.delete(userId)
    }
    return { trialId, before: known !== undefined }
  })
}

function draftTrialId(state: unknown): string | undefined {
  return typeof state === 'object' && state !== null && 'trialId' in state
    ? String(state.trialId)
    : undefined
}

/**
 * Sends every due trial on the device, oldest first, whoever its author (each goes with its
 * author's device credential: `send`), one sender at a time (Web Locks, across tabs). Each pass
 * reads the outbox once and sends its due trials with at most `concurrency` in flight; the first
 * goes alone, so that with no connection one trial backs off, not four. A pass takes no new trial
 * at the first sign that sending is pointless now (no connection, a busy server); an author whose
 * credential the server refused has all their waiting trials wait for their next sign-in, and the
 * others go on. Then the outbox is read again for trials queued meanwhile. Answers `needs-login`
 * when a trial of `signedIn` (the user signed in now, or null) was among those refused so.
 */
export async function replayOutbox(
  { db, send, now = Date.now, concurrency = sendConcurrency, onProgress }: OutboxDeps,
  signedIn: number | null,
): Promise<'needs-login' | 'done'> {
  const answer = { needsLogin: false }
  const progress: SendProgress = { done: 0, total: 0 }
  await withSenderLock(async () => {
    for (;;) {
      const due = dueItems(await db.outbox.toArray(), now())
      if (due.length === 0) return
      progress.total = progress.done + due.length
      onProgress?.({ ...progress })
      const seen = await inPass(due, Math.max(1, concurrency), async ({ id }) => {
        const attempt = await attemptOne(id)
        progress.done += 1
        onProgress?.({ ...progress })
        return attempt
      })
      if ([...seen].some(stopsThePass)) return
    }
  })
  return answer.needsLogin ? 'needs-login' : 'done'

  async function attemptOne(id: string): Promise<Attempt> {
    // The stored row, not the pass's copy: a trial changed or removed since is not sent stale.
    const item = await db.outbox.get(id)
    if (!item || !isDue(item, now())) return 'skipped'
    const outcome = await send(item)
    if (outcome.kind === 'stored') await keepReceipt(db, item, outcome.serverId, now())
    else await recordAttempt(db, id, outcome, now())
    if (outcome.kind === 'needs-login') {
      await markNeedsLogin(db, item.userId)
      if (item.userId === signedIn) answer.needsLogin = true
    }
    return outcome.kind
  }
}

/** How long a sent trial's receipt stays on the device. */
export const receiptDays = 7

/**
 * A trial the server stored leaves the outbox for the receipts, in one transaction: its id stays
 * known, so finishing the same wizard again adds nothing. Receipts older than `receiptDays` go.
 */
export async function keepReceipt(
  db: OfflineDatabase,
  item: OutboxItem,
  serverId: number,
  now: number,
) {
  await db.transaction('rw', db.outbox, db.receipts, async () => {
    await db.outbox.delete(item.id)
    await db.receipts.put({
      id: item.id,
      userId: item.userId,
      serverId,
      storeId: item.body.store_id,
      finishedAt: item.body.finished_at ?? item.createdAt,
      sentAt: new Date(now).toISOString(),
    })
    const expired = new Date(now - receiptDays * 24 * 60 * 60_000).toISOString()
    await db.receipts.where('sentAt').below(expired).delete()
  })
}

/** An unsuccessful attempt, written over the row as it is now (never bringing back a removed one). */
async function recordAttempt(db: OfflineDatabase, id: string, outcome: SendOutcome, now: number) {
  await db.transaction('rw', db.outbox, async () => {
    const item = await db.outbox.get(id)
    const next = item && afterAttempt(item, outcome, now)
    if (next) await db.outbox.put(next)
  })
}

/** What one attempt in a pass came to: the server's answer, or `skipped` (no longer due). */
type Attempt = SendOutcome['kind'] | 'skipped'

/** No connection, a busy server: sending more now is pointless. */
function stopsThePass(attempt: Attempt): boolean {
  return attempt === 'offline' || attempt === 'retry-later'
}

/**
 * Runs `attempt` over `items` in order, with one in flight until the server has answered one and
 * then at most `limit`. After an attempt that stops the pass (or an error) no new item is taken;
 * the pass ends when the ones in flight have finished, answering what the attempts came to (or
 * rejecting with the first error).
 */
function inPass<T>(
  items: readonly T[],
  limit: number,
  attempt: (item: T) => Promise<Attempt>,
): Promise<Set<Attempt>> {
  return new Promise((resolve, reject) => {
    const queue = items.values()
    const seen = new Set<Attempt>()
    let inFlight = 0
    let failure: Error | null = null
    const width = () => (seen.has('stored') || seen.has('refused') ? limit : 1)
    const pump = () => {
      while (!failure && ![...seen].some(stopsThePass) && inFlight < width()) {
        const entry = queue.next()
        if (entry.done) break
        inFlight += 1
        void attempt(entry.value)
          .then(
            (result) => seen.add(result),
            (error: unknown) => {
              failure ??= error instanceof Error ? error : new Error(String(error))
            },
          )
          .finally(() => {
            inFlight -= 1
            pump()
          })
      }
      if (inFlight > 0) return
      if (failure) reject(failure)
      else resolve(seen)
    }
    pump()
  })
}

async function markNeedsLogin(db: OfflineDatabase, userId: number) {
  await db.outbox
    .where('userId')
    .equals(userId)
    .modify((item) => {
      if (item.state === 'waiting') item.state = 'needs-login'
    })
}

/** After its author signs in again on this device, what waited for them is due at once. */
export async function releaseAfterLogin(db: OfflineDatabase, userId: number, now = Date.now()) {
  const items = await db.outbox.where('userId').equals(userId).toArray()
  await db.outbox.bulkPut(items.map((item) => afterLogin(item, now)))
}

export async function retryTrial(db: OfflineDatabase, id: string, now = Date.now()) {
  const item = await db.outbox.get(id)
  if (item) await db.outbox.put(retryNow(item, now))
}

/** A refused trial thrown away by its author's deliberate choice. */
export async function discardTrial(db: OfflineDatabase, id: string) {
  await db.outbox.delete(id)
}

/** "Send now": every waiting trial on the device is due at once, whatever its backoff said. */
export async function makeDueNow(db: OfflineDatabase, now = Date.now()) {
  await db.outbox
    .where('state')
    .equals('waiting')
    .modify((item) => {
      item.nextAttemptAt = now
    })
}
