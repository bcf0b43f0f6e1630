import { Workbox } from 'workbox-window'
import { createAtom } from '@tanstack/react-store'
import { learnReachability, whenReachedAgain } from '../api/reachability.ts'
import { swMessages, type ClientMessage } from './sw-messages.ts'

/**
 * Registers the service worker and tells the app when a new version waits. The app never reloads
 * by itself: the user chooses when (docs/behaviour.md#offline), and not in the middle of a trial.
 */
export const updateWaiting = createAtom(false)
let workbox: Workbox | null = null

const checkEvery = 15 * 60_000

export function registerServiceWorker(onMessage: (message: ClientMessage) => void): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return
  const wb = new Workbox('/sw.js')
  workbox = wb
  wb.addEventListener('waiting', () => updateWaiting.set(true))
  // The page reloads only after the user accepted the new version.
  wb.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload()
  })
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<ClientMessage>) => {
    // The worker's images stopped for want of a connection: the app's probe now watches for the
    // server, and the images go on once it answers (below).
    if (event.data.type === swMessages.packImagesUnreachable) learnReachability(false)
    else onMessage(event.data)
  })
  void wb.register()
  // A tablet left on for days is brought back to the screen (visible) more often than focused.
  window.addEventListener('focus', checkForUpdate)
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') checkForUpdate()
  })
  setInterval(checkForUpdate, checkEvery)
  // The server answers again: the pack images a drop left unfetched are fetched (the rest are
  // kept, and not fetched again).
  whenReachedAgain(() => void cachePackImages(catalogueImages()))
}

/** Asks the server whether a newer worker (a newer app) exists; it installs and waits if so. */
export function checkForUpdate(): void {
  void workbox?.update().catch(() => undefined)
}

/** After accepting, the page reloads by itself if the new worker has not taken over by then. */
const takeOverMs = 10_000
let accepted = false

/**
 * The user accepted the new version: the running worker stops its image download (a worker busy
 * with one holds the new one back), the waiting worker takes over, then the page reloads. Nothing
 * more is sent to the old worker from here on.
 */
export function acceptUpdate(): void {
  if (accepted) return
  accepted = true
  navigator.serviceWorker.controller?.postMessage({ type: swMessages.stopPackImages })
  workbox?.messageSkipWaiting()
  // A reload still loads the new version when the old worker lingers: the waiting one has been
  // told to skip waiting, and takes over as soon as no page holds the old one busy.
  setTimeout(() => window.location.reload(), takeOverMs)
}

const catalogueImagesKey = 'catalogue-images'

/** The pack images of the catalogue as its last warm-up listed them (for the heartbeat). */
export function catalogueImages(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(catalogueImagesKey) ?? '[]')
    return Array.isArray(stored) ? stored.filter((url) => typeof url === 'string') : []
  } catch {
    return []
  }
}

/** Asks the worker to put these pack images in its cache, so the trial shows them offline. */
export async function cachePackImages(urls: string[]): Promise<void> {
  localStorage.setItem(catalogueImagesKey, JSON.stringify(urls))
  if (!('serviceWorker' in navigator)) return
  if (accepted) return
  // A new device's worker is still keeping the app's files: it takes the images at once too,
  // rather than after it is ready, and the two downloads share the link's waits.
  const registration = await navigator.serviceWorker.getRegistration()
  const worker =
    registration?.active ??
    registration?.waiting ??
    registration?.installing ??
    (await navigator.serviceWorker.ready).active
  worker?.postMessage({ type: swMessages.cachePackImages, urls })
}
