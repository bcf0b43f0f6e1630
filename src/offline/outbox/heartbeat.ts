import { ApiError } from '../../api/api-error.ts'
import { call } from '../../api/client.ts'
import { config } from '../../config.ts'
import type { Heartbeat } from '../../contract/devices.ts'
import { deviceHeartbeat } from '../../contract/endpoints/devices.ts'
import { fetchEditionInUse } from '../fetch-edition-in-use.ts'
import { heldEditionId } from '../held-edition.ts'
import { offlineDatabase, type OfflineDatabase } from '../database.ts'
import { forgetCredential, latestCredential } from '../device.ts'
import { reportingLatest } from './latest-state.ts'
import { packImageCache } from '../sw-messages.ts'
import { catalogueImages } from '../service-worker.ts'

/**
 * What this device holds, for the administration's devices screen (docs/behaviour.md#devices):
 * every trial on it whoever its author, the oldest one's capture time (its `finished_at`, else
 * when it was queued), the last trial the server stored, its storage, its pack images and the
 * content edition it uses.
 */
export async function readHeartbeat(db: OfflineDatabase = offlineDatabase()): Promise<Heartbeat> {
  const [items, lastReceipt, storage, images] = await Promise.all([
    db.outbox.toArray(),
    db.receipts.orderBy('sentAt').last(),
    readStorage(),
    readImages(),
  ])
  const count = (state: string) => items.filter((item) => item.state === state).length
  const captured = items.map((item) => item.body.finished_at ?? item.createdAt).sort()
  return {
    appVersion: config.appVersion,
    waiting: count('waiting'),
    needsLogin: count('needs-login'),
    failed: count('failed'),
    oldestWaitingAt: captured[0] ?? null,
    lastSentAt: lastReceipt?.sentAt ?? null,
    storage,
    images,
    contentEdition: heldEditionId(),
  }
}

async function readStorage(): Promise<Heartbeat['storage']> {
  // Older browsers have no StorageManager: nothing is known then.
  const manager = 'storage' in navigator ? navigator.storage : undefined
  const [estimate, persisted] = await Promise.all([
    manager?.estimate().catch(() => undefined),
    manager?.persisted().catch(() => null),
  ])
  const whole = (value: number | undefined) => (value === undefined ? null : Math.round(value))
  return {
    usage: whole(estimate?.usage),
    quota: whole(estimate?.quota),
    persisted: persisted ?? null,
  }
}

/** The catalogue's pack images (as the last warm-up listed them) and how many are cached. */
async function readImages(): Promise<Heartbeat['images']> {
  const wanted = catalogueImages()
  if (wanted.length === 0 || typeof caches === 'undefined')
    return { cached: 0, total: wanted.length }
  const cache = await caches.open(packImageCache)
  const held = new Set((await cache.keys()).map((request) => request.url))
  const cached = wanted.filter((url) => held.has(new URL(url, location.href).href)).length
  return { cached, total: wanted.length }
}

/**
 * What acts on the remote actions an answer carries (docs/behaviour.md#remote-actions): the
 * outbox's runner sets it, and loads the handling only when an answer carries some.
 */
export const remoteActions = { receive: (_actions: unknown[]): void => undefined }

/**
 * Sends the heartbeat with the credential of the last sign-in on this device, signed in or not.
 * One goes at a time; a call while one is on its way sends one more after it, so that a trial sent
 * meanwhile is not reported as waiting until the next period. Nothing to send it with, or no
 * connection: nothing happens, and the next one tells.
 */
export const sendHeartbeat: () => Promise<void> = reportingLatest(() => sendOnce(offlineDatabase()))

async function sendOnce(db: OfflineDatabase): Promise<void> {
  const latest = await latestCredential(db)
  if (latest === undefined) return
  const { userId, credential } = latest
  await call(deviceHeartbeat, {
    body: await readHeartbeat(db),
    headers: { Authorization: `Device ${credential}` },
  }).then(
    ({ data }) => {
      if (data.actions.length > 0) remoteActions.receive(data.actions)
      // Another edition is in use (published while this tablet was away): fetched, not awaited.
      if (data.contentEdition !== null && data.contentEdition !== heldEditionId())
        void fetchEditionInUse()
    },
    async (error: unknown) => {
      // Revoked or expired: the next sign-in on this device brings a new one.
      if (error instanceof ApiError && error.status === 401) {
        await forgetCredential(userId, credential, db)
      }
    },
  )
}
