import type { TrialBody } from '../contract/trial.ts'
import type { OfflineDatabase } from './database.ts'
import {
  afterAttempt,
  afterLogin,
  dueItems,
  newOutboxItem,
  retryNow,
  type OutboxItem,
  type SendOutcome,
} from './outbox-state.ts'
import { withSenderLock } from './sender-lock.ts'

export type OutboxDeps = {
  db: OfflineDatabase
  send: (item: OutboxItem) => Promise<SendOutcome>
  now?: () => number
}

/** Puts a finished trial in the outbox before anything is sent; its key is made here, once. */
export async function enqueueTrial(
  db: OfflineDatabase,
  userId: number,
  body: TrialBody,
  now = Date.now(),
): Promise<OutboxItem> {
  const item = newOutboxItem(crypto.randomUUID(), userId, structuredClone(body), now)
  await db.outbox.add(item)
  return item
}

/**
 * Sends this user's due trials, oldest first, one sender at a time. Stops at the first sign that
 * sending is pointless now (no connection, a busy server, an expired session).
 */
export async function replayOutbox(
  { db, send, now = Date.now }: OutboxDeps,
  userId: number,
): Promise<void> {
  await withSenderLock(async () => {
    for (;;) {
      const items = await db.outbox.where('userId').equals(userId).toArray()
      const [item] = dueItems(items, userId, now())
      if (!item) return
      const outcome = await send(item)
      const next = afterAttempt(item, outcome, now())
      if (next) await db.outbox.put(next)
      else await db.outbox.delete(item.id)
      if (outcome.kind === 'needs-login') {
        await markNeedsLogin(db, userId)
        return
      }
      if (outcome.kind === 'offline' || outcome.kind === 'retry-later') return
    }
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

/** After the same user signs in again, what waited for it is due at once. */
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

/** Logout: this user's draft goes; every unsent trial stays for its author's next sign-in. */
export async function forgetDraftsOnLogout(db: OfflineDatabase, userId: number) {
  await db.drafts.delete(userId)
}

/** "Send now": the user's waiting trials are due at once, whatever their backoff said. */
export async function makeDueNow(db: OfflineDatabase, userId: number, now = Date.now()) {
  await db.outbox
    .where('userId')
    .equals(userId)
    .modify((item) => {
      if (item.state === 'waiting') item.nextAttemptAt = now
    })
}
