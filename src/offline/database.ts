import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie'
import type { OutboxItem } from './outbox/outbox-state.ts'
import type { KeyWrap, Encrypted, WrappedKey } from './vault-crypto.ts'

/**
 * An unfinished wizard of one user, kept so that it survives a reload or a closed tab.
 * `appVersion` is the build that wrote it (`semver+commit`); null for a draft written before
 * drafts recorded it.
 */
export type Draft = {
  userId: number
  /** Encrypted under the user's data key (src/offline/vault.ts); in the clear from older builds. */
  state: unknown
  /** The wizard's trial id, in the clear: Finish drops the draft of the trial it queues. */
  trialId?: string
  updatedAt: string
  appVersion: string | null
}

/**
 * A draft this build could not restore (its shape is not the wizard's any more): kept apart, with
 * its answers as they were, until its author discards it; a new wizard's draft never replaces it.
 */
export type StrandedDraft = {
  id?: number
  userId: number
  state: unknown
  updatedAt: string
  appVersion: string | null
  strandedAt: string
}

/** A trial the server has stored, kept a few days: `id` is its Idempotency-Key. */
export type Receipt = {
  id: string
  userId: number
  /** The stored trial's id on the server. */
  serverId: number
  storeId: number
  /** The device's clock at Finish. */
  finishedAt: string
  sentAt: string
}

/**
 * Look-ups anyone may read, kept in the clear (the stores and the catalogue, by `name`): the
 * personal ones are kept records, encrypted (src/offline/persist-lookups.ts).
 */
export type KeptLookups = { name: string; state: unknown; keptAt: number }

/** A value of the device itself, by name: its id (`id`). */
export type DeviceValue = { name: string; value: string }

/**
 * A user's device credential (docs/behaviour.md#devices), issued at their sign-in on this device:
 * it sends their queued trials whoever is signed in, or nobody.
 */
export type DeviceCredential = { userId: number; credential: string; issuedAt: string }

/**
 * A passkey of this device's platform authenticator (fingerprint, face) that opens the data key:
 * its PRF answers a secret for `salt`, which wraps the key (docs/security.md#the-passkey).
 */
export type PasskeyWrap = {
  credentialId: Uint8Array<ArrayBuffer>
  salt: Uint8Array<ArrayBuffer>
  wrap: KeyWrap
}

/**
 * A user's data key on this device, wrapped by their PIN, by the device key the server gives
 * with a password (docs/security.md#the-pin-and-the-device-key) and, when they turned it on, by a
 * passkey; and the wrong PINs tried in a row.
 */
/**
 * The open data key, kept while the idle lock has not come (docs/decisions/0031): a reload or a
 * relaunch before `until` opens the app without the PIN. The key cannot be read out of the
 * browser (not extractable); `since` is when this was written, so a clock set back does not open it.
 */
export type OpenKey = { key: CryptoKey; since: number; until: number }

export type VaultRecord = WrappedKey & {
  userId: number
  failures: number
  device?: KeyWrap
  passkey?: PasskeyWrap
  open?: OpenKey
}

/**
 * A personal record kept for offline use (the session, the look-ups), encrypted under its user's
 * key: one of each name per user, so that people who share the tablet keep theirs side by side.
 */
export type KeptRecord = { name: string; userId: number; sealed: Encrypted; keptAt: number }

/**
 * The device's own database (IndexedDB via Dexie). Never edit a published version: add a new
 * `version()` with an upgrade. When the browser closes the connection (iOS does), Dexie closes
 * with auto-open kept, so the next read or write reopens it.
 */
export class OfflineDatabase extends Dexie {
  outbox!: EntityTable<OutboxItem, 'id'>
  drafts!: EntityTable<Draft, 'userId'>
  receipts!: EntityTable<Receipt, 'id'>
  strandedDrafts!: EntityTable<StrandedDraft, 'id'>
  device!: EntityTable<DeviceValue, 'name'>
  credentials!: EntityTable<DeviceCredential, 'userId'>
  vaults!: EntityTable<VaultRecord, 'userId'>
  keptRecords!: Table<KeptRecord, [number, string]>
  lookups!: EntityTable<KeptLookups, 'name'>

  constructor(name = 'brand-expert') {
    super(name)
    this.version(1).stores({
      outbox: 'id, userId, state, createdAt',
      drafts: 'userId',
    })
    // Version 2 adds the receipts of sent trials; the outbox and the drafts are kept as they are.
    this.version(2).stores({ receipts: 'id, userId, sentAt' })
    // Version 3: outbox items and drafts name the build that made them. What was made before is
    // marked unknown (null); a queued body is never touched (rewritten under the same key, it
    // would be another trial to the server). Drafts that no longer restore are kept apart.
    // `upgradeStep` is replaceable in tests only.
    this.version(3)
      .stores({ strandedDrafts: '++id, userId' })
      .upgrade(async (transaction) => {
        await upgradeStep.toVersion3(transaction)
      })
    // Version 4 adds the wrapped data key of each user who set a PIN on this device, and the
    // personal records kept encrypted under it (src/offline/vault.ts).
    this.version(4).stores({ vaults: 'userId', kept: 'name, userId' })
    // Version 5 adds the device's id and its users' device credentials.
    this.version(5).stores({ device: 'name', credentials: 'userId, issuedAt' })
    // Version 6 keeps the public look-ups, which were in localStorage with the personal ones.
    this.version(6).stores({ lookups: 'name' })
    // Version 7 keeps each user's records under their user and name: the tablet's people each keep
    // their session and look-ups (one by name overwrote another's). Moved as they are, sealed.
    this.version(7)
      .stores({ keptRecords: '[userId+name], userId' })
      .upgrade(async (transaction) => {
        const records: unknown[] = await transaction.table('kept').toArray()
        await transaction.table('keptRecords').bulkPut(records)
      })
    this.version(8).stores({ kept: null })
    // Another tab opened a newer version: let it upgrade; this tab reopens on its next use.
    this.on('versionchange', () => {
      this.close({ disableAutoOpen: false })
    })
  }
}

/** The upgrade's step, a seam for the test of an upgrade that fails. */
export const upgradeStep = {
  toVersion3: async (transaction: Transaction): Promise<void> => {
    await transaction
      .table('outbox')
      .toCollection()
      .modify((item: Record<string, unknown>) => {
        if (!('appVersion' in item)) item.appVersion = null
      })
    await transaction
      .table('drafts')
      .toCollection()
      .modify((draft: Record<string, unknown>) => {
        if (!('appVersion' in draft)) draft.appVersion = null
      })
  },
}

let shared: OfflineDatabase | null = null

export function offlineDatabase(): OfflineDatabase {
  if (!shared) {
    shared = new OfflineDatabase()
    if (typeof window !== 'undefined') letGoWhenFrozen(shared)
  }
  return shared
}

/**
 * WebKit keeps a page that is left for another in its back/forward cache, frozen as it is: a
 * transaction the page had open stays open, and every other page of the app waits on it (the
 * outbox is never read, the wizard never drawn) for as long as the frozen page is kept
 * (docs/webkit.md). So a page leaving that way aborts the transactions it has in flight and closes
 * the database. What was aborted is done again (a trial stays in the outbox until a stored answer,
 * a finished wizard can be finished again under its trial id), and the database reopens when the
 * page is used again.
 */
function letGoWhenFrozen(db: OfflineDatabase): void {
  const inFlight = new Set<IDBTransaction>()
  db.use({
    stack: 'dbcore',
    name: 'transactions-in-flight',
    create: (down) => ({
      ...down,
      transaction: (stores, mode, options) => {
        const transaction = down.transaction(stores, mode, options)
        if (transaction instanceof IDBTransaction) {
          inFlight.add(transaction)
          const done = () => inFlight.delete(transaction)
          transaction.addEventListener('complete', done)
          transaction.addEventListener('abort', done)
        }
        return transaction
      },
    }),
  })
  window.addEventListener('pagehide', (event) => {
    if (!event.persisted) return
    for (const transaction of inFlight) {
      try {
        transaction.abort()
      } catch {
        // It finished meanwhile.
      }
    }
    db.close({ disableAutoOpen: false })
  })
}

/** True when the browser refused to store more (the device is full). */
export function isQuotaError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'QuotaExceededError' ||
      (error instanceof Dexie.DexieError &&
        error.inner instanceof Error &&
        error.inner.name === 'QuotaExceededError'))
  )
}
