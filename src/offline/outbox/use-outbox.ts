import { useCallback, useEffect, useState, useSyncExternalStore } from 'react'
import { useSelector } from '@tanstack/react-store'
import Dexie, { type ObservabilitySet } from 'dexie'
import { offlineDatabase, type OfflineDatabase } from '../database.ts'
import type { OutboxItem } from './outbox-state.ts'
import { countOutbox, databaseProblem, readOutbox } from '../open-problem.ts'

/**
 * While the sender drains the outbox it removes a trial every few milliseconds; re-reading the
 * list after each would cost as much as the sending. A watched outbox is read at once after a
 * quiet moment, then at most once per this many milliseconds while it keeps changing.
 */
export const outboxReadThrottleMs = 500
/** The same for the count, which reads only the `userId` index. */
export const outboxCountThrottleMs = 200

/**
 * Calls `onResult` with `read()`'s answer now and again after the outbox changes, in this tab or
 * another (Dexie's `storagemutated`): at once after a quiet moment, then at most once per
 * `throttleMs`, and always after the last change. Answers the function that stops watching.
 */
export function watchOutbox<T>(
  db: OfflineDatabase,
  read: () => Promise<T>,
  onResult: (result: T) => void,
  throttleMs = outboxReadThrottleMs,
): () => void {
  const part = `idb://${db.name}/${db.outbox.name}/`
  let stopped = false
  let reading = false
  /** Changes seen so far: one during a read means that read may already be out of date. */
  let changes = 0
  let lastRead = Number.NEGATIVE_INFINITY
  let timer: ReturnType<typeof setTimeout> | undefined

  const readNow = async () => {
    timer = undefined
    reading = true
    const seen = changes
    lastRead = Date.now()
    try {
      const result = await read()
      if (!stopped) onResult(result)
    } catch (error) {
      console.warn('outbox', error)
    } finally {
      reading = false
      if (changes !== seen) schedule()
    }
  }
  // A change while a read runs is read again once that read is done.
  function schedule() {
    if (stopped || reading || timer !== undefined) return
    timer = setTimeout(() => void readNow(), Math.max(0, lastRead + throttleMs - Date.now()))
  }
  const changed = (parts: ObservabilitySet) => {
    if (!Object.keys(parts).some((key) => key.startsWith(part))) return
    changes += 1
    schedule()
  }

  Dexie.on.storagemutated.subscribe(changed)
  schedule()
  return () => {
    stopped = true
    clearTimeout(timer)
    Dexie.on.storagemutated.unsubscribe(changed)
  }
}

/**
 * One watch of a user's outbox shared by every component that shows it (the header's count, the
 * logout question, the outbox screen): one read per change burst, however many are mounted. The
 * watch stops with its last listener.
 */
export function sharedWatch<T>(
  read: (db: OfflineDatabase, userId: number) => Promise<T>,
  throttleMs: number,
  database: () => OfflineDatabase = offlineDatabase,
) {
  type Watch = { result: T | undefined; listeners: Set<() => void>; stop: () => void }
  const watches = new Map<number, Watch>()
  const start = (userId: number): Watch => {
    // Opening the device's database (Dexie builds its tables) waits for a task of its own: the
    // screen that mounted the first listener commits and paints first.
    let stopWatching = () => clearTimeout(opening)
    const watch: Watch = { result: undefined, listeners: new Set(), stop: () => stopWatching() }
    const opening = setTimeout(() => {
      const db = database()
      stopWatching = watchOutbox(
        db,
        () => read(db, userId),
        (result) => {
          watch.result = result
          for (const listener of watch.listeners) listener()
        },
        throttleMs,
      )
    })
    watches.set(userId, watch)
    return watch
  }
  return {
    subscribe(userId: number, listener: () => void): () => void {
      const watch = watches.get(userId) ?? start(userId)
      watch.listeners.add(listener)
      return () => {
        watch.listeners.delete(listener)
        if (watch.listeners.size > 0) return
        watch.stop()
        watches.delete(userId)
      }
    },
    current(userId: number): T | undefined {
      return watches.get(userId)?.result
    },
  }
}

type SharedWatch<T> = ReturnType<typeof sharedWatch<T>>

const notSubscribed = () => undefined

function useSharedWatch<T>(watch: SharedWatch<T>, userId: number | undefined): T | undefined {
  const subscribe = useCallback(
    (listener: () => void) =>
      userId === undefined ? notSubscribed : watch.subscribe(userId, listener),
    [watch, userId],
  )
  return useSyncExternalStore(subscribe, () =>
    userId === undefined ? undefined : watch.current(userId),
  )
}

// Both read the outbox as it is stored when this build cannot open the database (open-problem.ts).
const items = sharedWatch(readOutbox, outboxReadThrottleMs)

/** Counting on the index reads no trial: cheap enough to follow the drain closely. */
const count = sharedWatch(countOutbox, outboxCountThrottleMs)

/**
 * Why the device's database could not be opened by this build (its upgrade failed), or null: the
 * screens that show the outbox say so.
 */
export function useDatabaseProblem(): Error | null {
  return useSelector(databaseProblem)
}

/**
 * This user's queued trials, oldest first, kept current as the outbox changes; undefined until the
 * device's outbox has been read (it is not known to be empty before then).
 */
export function useOutbox(userId: number | undefined): OutboxItem[] | undefined {
  return useSharedWatch(items, userId)
}

/**
 * How many trials of this user wait in the outbox (every state), kept current: counted on the
 * `userId` index, without reading the trials. For the header and the logout question.
 */
export function useOutboxCount(userId: number | undefined): number {
  return useSharedWatch(count, userId) ?? 0
}

/** Where a finished trial is: still on this device, or received by the server. */
export type Delivery = 'waiting' | 'received'

/**
 * The delivery of the trial of this id, kept current as the outbox changes; undefined until read,
 * or when the device knows no such trial.
 */
export function useTrialDelivery(trialId: string | undefined): Delivery | undefined {
  const [delivery, setDelivery] = useState<Delivery | undefined>()
  useEffect(() => {
    if (trialId === undefined) return
    const db = offlineDatabase()
    const read = async (): Promise<Delivery | undefined> => {
      if (await db.receipts.get(trialId)) return 'received'
      return (await db.outbox.get(trialId)) ? 'waiting' : undefined
    }
    return watchOutbox(db, read, setDelivery, outboxCountThrottleMs)
  }, [trialId])
  return delivery
}
