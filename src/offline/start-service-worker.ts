import type { ClientMessage } from './sw-messages.ts'

/**
 * The service worker (./service-worker.ts, with workbox-window) loads and registers once the device
 * is in use: on a start signed in or on a device signed in on before, else at sign-in. The sign-in
 * page of a new device needs no worker yet: signing in needs the network anyway.
 */
let onMessage: (message: ClientMessage) => void = () => undefined
let started = false

/** What the app does with the worker's messages (main.tsx). */
export function whenServiceWorkerSays(handler: (message: ClientMessage) => void): void {
  onMessage = handler
}

export function startServiceWorker(): void {
  if (started) return
  started = true
  void import('./service-worker.ts').then((worker) =>
    worker.registerServiceWorker((message) => onMessage(message)),
  )
}
