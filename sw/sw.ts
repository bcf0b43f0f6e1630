/// <reference lib="webworker" />
import { cleanupOutdatedCaches, PrecacheController, PrecacheRoute } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import { CacheFirst } from 'workbox-strategies'
import { ExpirationPlugin } from 'workbox-expiration'
import { packImageCache, swMessages, type ClientMessage } from '../src/offline/sw-messages.ts'
import { fetchSlots } from './fetch-slots.ts'

declare const self: ServiceWorkerGlobalScope

/** Background Sync's event (not in TypeScript's WebWorker library yet). */
interface SyncEvent extends ExtendableEvent {
  readonly tag: string
}
declare global {
  interface ServiceWorkerGlobalScopeEventMap {
    sync: SyncEvent
  }
}

/**
 * The worker's own fetches at once (the app's files, the pack pictures): one of HTTP/1.1's six
 * connections stays free for the page.
 */
const fetchesAtOnce = 5
const inSlot = fetchSlots(fetchesAtOnce)

// The app shell: every built file, so a reload with no connection still shows the app.
const shell = new PrecacheController()
shell.addToCacheList(self.__WB_MANIFEST)
registerRoute(new PrecacheRoute(shell))
cleanupOutdatedCaches()

/**
 * Keeps the app's files a few at a time, where workbox's own install fetches one after another:
 * on a store's link each of a hundred small files would cost a round trip of its own, while the
 * link stays mostly idle. A file already kept is not fetched again; a file named by its content
 * may come from the browser's cache (the page has just loaded it), a file with a revision (the
 * entry, index.html) from the server.
 */
async function keepShell(event: ExtendableEvent) {
  const files = [...shell.getURLsToCacheKeys()]
  let next = 0
  const worker = async () => {
    for (let file = files[next++]; file !== undefined; file = files[next++]) {
      const [url, cacheKey] = file
      const request = new Request(url, {
        integrity: shell.getIntegrityForCacheKey(cacheKey),
        cache: cacheKey === url ? 'default' : 'reload',
        credentials: 'same-origin',
      })
      await inSlot(
        () => Promise.all(shell.strategy.handleAll({ params: { cacheKey }, request, event })),
        true,
      )
    }
  }
  await Promise.all(Array.from({ length: fetchesAtOnce }, worker))
}
self.addEventListener('install', (event) => event.waitUntil(keepShell(event)))
// Drops the files of the list a previous worker kept that this one no longer has (it waits itself).
self.addEventListener('activate', (event) => void shell.activate(event))

// Any app route falls back to the cached index.html; the API and media are never answered by it.
registerRoute(
  new NavigationRoute(shell.createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/media\//],
  }),
)

// Pack images: cache first, so the trial's HTS and RMC steps show them offline
// (docs/behaviour.md#offline). `/api` is not cached here: the query cache owns API data.
const packImages = new CacheFirst({
  cacheName: packImageCache,
  plugins: [new ExpirationPlugin({ maxEntries: 1000, maxAgeSeconds: 60 * 60 * 24 * 30 })],
})
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith('/media/'),
  packImages,
)

async function tellClients(message: ClientMessage) {
  // Uncontrolled pages too: a new device's first page is not the worker's until it reloads.
  const clients = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of clients) client.postMessage(message)
}

/** One image that does not answer in this time is left for the next warm-up. */
const imageTimeoutMs = 20_000

/**
 * The download under way. While this worker still works on a message, Chromium does not let the
 * waiting one take over, so accepting an update stops it (docs/behaviour.md#updates).
 */
let downloading: AbortController | null = null

/**
 * Fetches the pack images the cache lacks, a few at a time, reporting progress to the page. The
 * link dropping ends the run and is told to the page, which asks again once the server answers:
 * the images already kept are not fetched again.
 */
async function cachePackImages(urls: string[]) {
  downloading?.abort()
  const stop = new AbortController()
  downloading = stop
  const cache = await caches.open(packImageCache)
  // One look at what is kept, not one per image: 500 look-ups slow the cache the fetches write to.
  const kept = new Set((await cache.keys()).map((request) => request.url))
  let next = 0
  let done = 0
  const fetchOne = async (url: string) => {
    if (kept.has(new URL(url, self.location.href).href)) return
    try {
      await inSlot(async () => {
        const signal = AbortSignal.any([stop.signal, AbortSignal.timeout(imageTimeoutMs)])
        const response = await fetch(url, { signal })
        if (response.ok) await cache.put(url, response)
      })
    } catch (error) {
      // No connection: the rest waits until the page learns that the server answers again. Gone,
      // too slow or stopped: the next warm-up tries again.
      if (error instanceof TypeError && !stop.signal.aborted) {
        stop.abort()
        await tellClients({ type: swMessages.packImagesUnreachable })
      }
    }
  }
  const worker = async () => {
    for (let url = urls[next++]; url !== undefined && !stop.signal.aborted; url = urls[next++]) {
      await fetchOne(url)
      done += 1
      if (done % 10 === 0 || done === urls.length) {
        await tellClients({ type: swMessages.packImagesProgress, done, total: urls.length })
      }
    }
  }
  // As many as the slots: enough to keep a store's slow link full despite its round trips.
  await Promise.all(Array.from({ length: fetchesAtOnce }, worker))
  if (downloading === stop) downloading = null
}

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data: unknown = event.data
  if (typeof data !== 'object' || data === null || !('type' in data)) return
  if (data.type === swMessages.skipWaiting) void self.skipWaiting()
  if (data.type === swMessages.stopPackImages) downloading?.abort()
  if (data.type === swMessages.cachePackImages && 'urls' in data && Array.isArray(data.urls)) {
    const urls = data.urls.filter((url): url is string => typeof url === 'string')
    event.waitUntil(cachePackImages(urls))
  }
})

// Background Sync wakes the open app to send the trials waiting in its outbox.
self.addEventListener('sync', (event) => {
  if (event.tag === swMessages.outboxSyncTag)
    event.waitUntil(tellClients({ type: swMessages.replayOutbox }))
})
