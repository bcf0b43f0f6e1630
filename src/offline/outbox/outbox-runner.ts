import { call } from '../../api/client.ts'
import { getSession } from '../../api/session.ts'
import { createAtom } from '@tanstack/react-store'
import { liveness } from '../../contract/endpoints/health.ts'
import { offlineDatabase } from '../database.ts'
import { remoteActions, sendHeartbeat } from './heartbeat.ts'
import { makeDueNow, releaseAfterLogin, replayOutbox, type SendProgress } from './outbox.ts'
import { isServerReachable, learnReachability, whenReachedAgain } from '../../api/reachability.ts'
import { sendTrial } from './send-trial.ts'
import { swMessages } from '../sw-messages.ts'

const everyWhileWaiting = 15_000
/** How often the server is asked whether it answers while trials wait (docs/behaviour.md#offline). */
const probeEvery = 7_000
/** The heartbeat's period while online (docs/behaviour.md#devices). */
const heartbeatEvery = 5 * 60_000

/** The signed-in user whose app is open; while it is locked (no token yet), nobody. */
function currentUser(): number | null {
  const session = getSession()
  return session?.token ? session.user.id : null
}

/** How far the sender is while it runs (the outbox screen's "n of m"); null when it does not. */
export const sendProgress = createAtom<SendProgress | null>(null)
const setProgress = sendProgress.set

function deps() {
  return { db: offlineDatabase(), send: sendTrial, onProgress: setProgress }
}

/** What the app does when the server refuses the signed-in user's credential (sign in again). */
let onNeedsLogin: () => void = () => undefined

/**
 * One outbox pass, then the heartbeat, which tells what the pass left on the device. Every
 * trial on the device is sent with its author's credential, signed in or not.
 */
async function pass(): Promise<void> {
  const userId = currentUser()
  const outcome = await replayOutbox(deps(), userId)
    .catch((error: unknown) => {
      console.warn('outbox', error)
      return 'done' as const
    })
    // The progress is shown while a run lasts.
    .finally(() => setProgress(null))
  if (outcome === 'needs-login' && userId !== null && currentUser() === userId) onNeedsLogin()
  await settleRefused().catch((error: unknown) => console.warn('quarantine', error))
  await sendHeartbeat().catch((error: unknown) => console.warn('heartbeat', error))
}

/** Refused trials go to the server's quarantine (`quarantine.ts`, loaded only when there are any). */
async function settleRefused(): Promise<void> {
  const db = offlineDatabase()
  if ((await db.outbox.where('state').equals('failed').count()) === 0) return
  const quarantine = await import('./quarantine.ts')
  await quarantine.settleRefused(db)
}

/** Sends the due trials now (a no-op while another sender runs), then the heartbeat. */
export function kickOutbox(): void {
  void pass()
}

/**
 * Replays the outbox when the connection or the window comes back, on a timer while trials wait,
 * and when the service worker's Background Sync wakes the page (through `start-outbox.ts`, which
 * starts this once and sends at once); sends the heartbeat every 5 minutes while online, whoever
 * is signed in. `needsLogin` is called when the server refused the signed-in user's credential.
 */
export function startOutboxRunner(needsLogin: () => void): void {
  remoteActions.receive = (actions) =>
    void import('../remote-actions.ts').then((handling) =>
      handling.receiveActions(actions, sendOutboxNow),
    )
  onNeedsLogin = needsLogin
  // The connection is back: what waited for it goes now, whatever its backoff said.
  window.addEventListener('online', () => void sendOutboxNow())
  // The browser knows for sure when there is no network at all.
  window.addEventListener('offline', () => learnReachability(false))
  window.addEventListener('focus', kickOutbox)
  // The server answers again after it could not be reached: no backoff waits either.
  whenReachedAgain(() => void sendOutboxNow())
  setInterval(() => {
    void waitingCount().then((waiting) => waiting > 0 && kickOutbox())
  }, everyWhileWaiting)
  // While trials wait, or the server did not answer last time, a light request tells whether it
  // answers (the header's state), so that the moment it does again is not missed between the
  // sender's attempts.
  setInterval(() => {
    if (!isServerReachable()) probe()
    else void waitingCount().then((waiting) => waiting > 0 && probe())
  }, probeEvery)
  setInterval(() => {
    if (navigator.onLine) void sendHeartbeat().catch(() => undefined)
  }, heartbeatEvery)
}

function waitingCount(): Promise<number> {
  return offlineDatabase().outbox.where('state').equals('waiting').count()
}

/** Whether the server answers; the client notes what the request came to. */
function probe(): void {
  void call(liveness, { timeout: 5_000 }).catch(() => undefined)
}

/** After sign-in: what waited for this user's sign-in is due, and sent at once. */
export async function outboxAfterLogin(userId: number): Promise<void> {
  const db = offlineDatabase()
  await releaseAfterLogin(db, userId)
  // Signing in is a moment the server surely answers: no backoff waits.
  await makeDueNow(db)
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
 * the signed-in user's trials are still on the device.
 */
export async function sendOutboxNow(): Promise<{ left: number }> {
  const db = offlineDatabase()
  await makeDueNow(db)
  await pass()
  const userId = currentUser()
  return { left: userId === null ? 0 : await db.outbox.where('userId').equals(userId).count() }
}
