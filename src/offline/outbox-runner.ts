import { getSession } from '../api/session.ts'
import { offlineDatabase } from './database.ts'
import { makeDueNow, releaseAfterLogin, replayOutbox, type SendProgress } from './outbox.ts'
import { sendTrial } from './send-trial.ts'
import { swMessages } from './sw-messages.ts'

const everyWhileWaiting = 15_000

function currentUser(): number | null {
  return getSession()?.user.id ?? null
}

/** How far the sender is while it runs (the outbox screen's "n of m"); null when it does not. */
let progress: SendProgress | null = null
const progressListeners = new Set<() => void>()

function setProgress(next: SendProgress | null) {
  progress = next
  for (const listener of progressListeners) listener()
}

export const sendProgressStore = {
  subscribe: (listener: () => void) => {
    progressListeners.add(listener)
    return () => progressListeners.delete(listener)
  },
  getSnapshot: () => progress,
}

function deps() {
  return {
    db: offlineDatabase(),
    send: sendTrial,
    signedInUser: currentUser,
    onProgress: setProgress,
  }
}

/** A run of the sender, its progress shown while it lasts. */
function replay(userId: number) {
  return replayOutbox(deps(), userId).finally(() => setProgress(null))
}

/** What the app does when the server refuses the session the outbox sent with (sign in again). */
let onNeedsLogin: () => void = () => undefined

/**
 * Sends the signed-in user's due trials now (a no-op while another sender runs). A session the
 * server refused sends its user to sign in, as a refused query does, unless another user has
 * signed in meanwhile.
 */
export function kickOutbox(): void {
  const userId = currentUser()
  if (userId === null) return
  replay(userId)
    .then((outcome) => {
      if (outcome === 'needs-login' && currentUser() === userId) onNeedsLogin()
    })
    .catch((error: unknown) => console.warn('outbox', error))
}

/**
 * Replays the outbox when the connection or the window comes back, on a timer while trials wait,
 * and when the service worker's Background Sync wakes the page (through `start-outbox.ts`, which
 * starts this once and sends at once). `needsLogin` is called when the server refused the session.
 */
export function startOutboxRunner(needsLogin: () => void): void {
  onNeedsLogin = needsLogin
  // The connection is back: what waited for it goes now, whatever its backoff said.
  window.addEventListener('online', () => void sendOutboxNow())
  window.addEventListener('focus', kickOutbox)
  setInterval(() => {
    const id = currentUser()
    if (id === null) return
    void offlineDatabase()
      .outbox.where('userId')
      .equals(id)
      .count()
      .then((waiting) => waiting > 0 && kickOutbox())
  }, everyWhileWaiting)
}

/** After sign-in: what waited for this user's new session is due, and sent at once. */
export async function outboxAfterLogin(userId: number): Promise<void> {
  const db = offlineDatabase()
  await releaseAfterLogin(db, userId)
  // Signing in is a moment the server surely answers: no backoff waits.
  await makeDueNow(db, userId)
  kickOutbox()
}

/** Asks the browser to wake the app for the outbox when the connection returns, where it can. */
export async function requestOutboxSync(): Promise<void> {
  if (!('serviceWorker' in navigator)) return
  const registration = await navigator.serviceWorker.ready
  await registration.sync?.register(swMessages.outboxSyncTag).catch(() => undefined)
}

/**
 * The user asked to send now: no backoff waits. Answers once the pass is over, with how many of
 * the user's trials are still on the device.
 */
export async function sendOutboxNow(): Promise<{ left: number }> {
  const userId = currentUser()
  if (userId === null) return { left: 0 }
  const db = offlineDatabase()
  await makeDueNow(db, userId)
  const outcome = await replay(userId).catch((error: unknown) => {
    console.warn('outbox', error)
    return 'done' as const
  })
  if (outcome === 'needs-login' && currentUser() === userId) onNeedsLogin()
  return { left: await db.outbox.where('userId').equals(userId).count() }
}
