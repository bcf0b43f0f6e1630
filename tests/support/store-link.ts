import type { Browser, BrowserContext, CDPSession, Page } from '@playwright/test'

/**
 * A store's link, emulated by Chromium (the DevTools protocol's `Network.emulateNetworkConditions`)
 * for the page and for the app's service worker: the page sends the trials, the worker fetches the
 * pack images, and each is a target of its own that the protocol throttles separately.
 * Playwright opens protocol sessions on pages only; the worker is reached through the browser's
 * session (`Target.attachToTarget` without flattening, its commands wrapped in
 * `Target.sendMessageToTarget`).
 */

/** A mid-range tablet on poor store Wi-Fi. */
export const storeWifi = {
  downMbps: 9,
  upMbps: 3,
  roundTripMs: 100,
  cpuSlowdown: 4,
}

export type LinkState = 'slow' | 'offline'

/** A protocol command on one target: the page's session, or the worker's through the browser. */
type Send = (method: string, params: Record<string, unknown>) => Promise<void>

export type StoreLink = {
  /** The link as the page and the worker see it from now on. */
  set: (state: LinkState) => Promise<void>
  /** Which targets are throttled, for the figures' notes. */
  targets: () => string
  close: () => Promise<void>
}

const bytesPerSecond = (mbps: number) => (mbps * 1_000_000) / 8

function conditions(state: LinkState) {
  return {
    offline: state === 'offline',
    latency: storeWifi.roundTripMs,
    downloadThroughput: bytesPerSecond(storeWifi.downMbps),
    uploadThroughput: bytesPerSecond(storeWifi.upMbps),
  }
}

/** Commands to the service worker of `origin`, through a browser-level session; null if none runs. */
async function workerSender(
  browser: Browser,
  origin: string,
): Promise<{
  send: Send
  close: () => Promise<void>
} | null> {
  const session = await browser.newBrowserCDPSession()
  const { targetInfos } = await session.send('Target.getTargets')
  const worker = targetInfos.find(
    (target) => target.type === 'service_worker' && target.url.startsWith(origin),
  )
  if (!worker) {
    await session.detach()
    return null
  }
  const { sessionId } = await session.send('Target.attachToTarget', {
    targetId: worker.targetId,
    flatten: false,
  })
  let nextId = 1
  const waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>()
  session.on('Target.receivedMessageFromTarget', (event) => {
    if (event.sessionId !== sessionId) return
    const message: unknown = JSON.parse(event.message)
    if (typeof message !== 'object' || message === null || !('id' in message)) return
    const entry = waiting.get(Number(message.id))
    if (!entry) return
    waiting.delete(Number(message.id))
    if ('error' in message) entry.reject(new Error(JSON.stringify(message.error)))
    else entry.resolve()
  })
  const send: Send = (method, params) => {
    const id = nextId++
    const answered = new Promise<void>((resolve, reject) => waiting.set(id, { resolve, reject }))
    return session
      .send('Target.sendMessageToTarget', {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      })
      .then(() => answered)
  }
  return { send, close: () => session.detach() }
}

/**
 * Throttles `page` (and the service worker of its origin, when one runs) to the store's Wi-Fi and,
 * unless `slowCpu` is false, slows the page's CPU 4x. The state starts as `initial`.
 */
export async function storeLink(
  browser: Browser,
  context: BrowserContext,
  page: Page,
  origin: string,
  initial: LinkState,
  { slowCpu = true }: { slowCpu?: boolean } = {},
): Promise<StoreLink> {
  const cdp: CDPSession = await context.newCDPSession(page)
  await cdp.send('Network.enable')
  if (slowCpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: storeWifi.cpuSlowdown })
  const worker = await workerSender(browser, origin)
  await worker?.send('Network.enable', {})
  const set = async (state: LinkState) => {
    await Promise.all([
      cdp.send('Network.emulateNetworkConditions', conditions(state)),
      worker?.send('Network.emulateNetworkConditions', conditions(state)),
    ])
  }
  await set(initial)
  return {
    set,
    targets: () =>
      worker ? 'the page and its service worker' : 'the page (no service worker ran)',
    close: async () => {
      await cdp.detach().catch(() => undefined)
      await worker?.close().catch(() => undefined)
    },
  }
}
