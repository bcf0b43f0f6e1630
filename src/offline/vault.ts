import type { OfflineDatabase, OpenKey, PasskeyWrap } from './database.ts'
import {
  isEncrypted,
  newDataKey,
  openJson,
  sealJson,
  unwrapDataKey,
  unwrapWithSecret,
  wrapDataKey,
  wrapWithSecret,
  type Encrypted,
} from './vault-crypto.ts'

/** Wrong PINs in a row after which the user is signed out and their kept data wiped. */
export const maxPinAttempts = 5

export type UnlockResult = { unlocked: true } | { unlocked: false; attemptsLeft: number }

/** The unwrapped data key: in memory only, gone with the page or the sign-out. */
let unlocked: { userId: number; key: CryptoKey } | null = null

export function isUnlocked(userId: number): boolean {
  return unlocked?.userId === userId
}

/** Whether the user has chosen a PIN on this device (the first sign-in asks for one). */
export async function hasPin(db: OfflineDatabase, userId: number): Promise<boolean> {
  return (await db.vaults.get(userId)) !== undefined
}

/**
 * The first PIN of a user on this device: a new data key, wrapped by it (and by the device key of
 * the password sign-in, when there is one), and kept unwrapped.
 */
export async function createPin(
  db: OfflineDatabase,
  userId: number,
  pin: string,
  deviceKey?: string,
): Promise<void> {
  const dataKey = await newDataKey()
  const wrapped = await wrapDataKey(dataKey, pin)
  const device = deviceKey === undefined ? undefined : await wrapWithSecret(dataKey, deviceKey)
  // What another key sealed would never open again. A draft of a build before the PIN, kept in
  // the clear, is kept: sealed at its next write.
  await db.transaction('rw', db.vaults, db.keptRecords, db.drafts, async () => {
    await db.keptRecords.where({ userId }).delete()
    const draft = await db.drafts.get(userId)
    if (draft && isEncrypted(draft.state)) await db.drafts.delete(userId)
    await db.vaults.put({ ...wrapped, userId, failures: 0, device })
  })
  // The extractable key is not kept: only a non-extractable copy, unwrapped again.
  const key = await unwrapDataKey(wrapped, pin)
  if (!key) throw new Error('the new PIN does not open its own key')
  unlocked = { userId, key }
}

/**
 * Unwraps the user's data key with `pin`. A wrong PIN counts (on the device, so a reload does not
 * reset it); at the fifth in a row the user's kept data is wiped (`attemptsLeft` 0).
 */
export async function unlockWithPin(
  db: OfflineDatabase,
  userId: number,
  pin: string,
): Promise<UnlockResult> {
  const vault = await db.vaults.get(userId)
  if (!vault) return { unlocked: false, attemptsLeft: 0 }
  const key = await unwrapDataKey(vault, pin)
  if (key) {
    await db.vaults.update(userId, { failures: 0 })
    unlocked = { userId, key }
    return { unlocked: true }
  }
  const failures = vault.failures + 1
  if (failures >= maxPinAttempts) {
    await wipePersonalData(db, userId)
    return { unlocked: false, attemptsLeft: 0 }
  }
  await db.vaults.update(userId, { failures })
  return { unlocked: false, attemptsLeft: maxPinAttempts - failures }
}

/**
 * Opens the user's data key with the device key a password sign-in brought: no PIN is asked after
 * a password. False when the user has no key on this device, or it was wrapped for another.
 */
export async function unlockWithDeviceKey(
  db: OfflineDatabase,
  userId: number,
  deviceKey: string,
): Promise<boolean> {
  const vault = await db.vaults.get(userId)
  if (!vault?.device) return false
  const key = await unwrapWithSecret(vault.device, deviceKey)
  if (!key) return false
  await db.vaults.update(userId, { failures: 0 })
  unlocked = { userId, key }
  return true
}

/** A new PIN in place of the current one; the data key and what it sealed stay. */
export async function changePin(
  db: OfflineDatabase,
  userId: number,
  current: string,
  next: string,
): Promise<boolean> {
  const vault = await db.vaults.get(userId)
  if (!vault) return false
  const key = await unwrapDataKey(vault, current, true)
  if (!key) return false
  await db.vaults.put({
    ...(await wrapDataKey(key, next)),
    userId,
    failures: 0,
    device: vault.device,
    passkey: vault.passkey,
  })
  return true
}

/** Whether `pin` is the user's PIN; a wrong one here (the settings) does not count as a try. */
export async function isPin(db: OfflineDatabase, userId: number, pin: string): Promise<boolean> {
  const vault = await db.vaults.get(userId)
  return vault !== undefined && (await unwrapDataKey(vault, pin)) !== null
}

/** Where the user's passkey opens their key: its credential and PRF salt; undefined if none. */
export async function passkeyOf(
  db: OfflineDatabase,
  userId: number,
): Promise<Omit<PasskeyWrap, 'wrap'> | undefined> {
  const passkey = (await db.vaults.get(userId))?.passkey
  return passkey && { credentialId: passkey.credentialId, salt: passkey.salt }
}

/**
 * Lets a passkey open the data key as the PIN does: the PIN opens it (extractable, once), the
 * passkey's secret wraps it. False when `pin` is not the PIN.
 */
export async function addPasskey(
  db: OfflineDatabase,
  userId: number,
  pin: string,
  passkey: Omit<PasskeyWrap, 'wrap'> & { secret: Uint8Array<ArrayBuffer> },
): Promise<boolean> {
  const vault = await db.vaults.get(userId)
  if (!vault) return false
  const key = await unwrapDataKey(vault, pin, true)
  if (!key) return false
  const wrap = await wrapWithSecret(key, passkey.secret)
  await db.vaults.update(userId, {
    passkey: { credentialId: passkey.credentialId, salt: passkey.salt, wrap },
  })
  return true
}

/** The passkey no longer opens the data key (the PIN and the password still do). */
export async function removePasskey(db: OfflineDatabase, userId: number): Promise<void> {
  await db.vaults.update(userId, { passkey: undefined })
}

/** No passkey opens anyone's data key on this device any more (the PINs and passwords still do). */
export async function removeEveryPasskey(db: OfflineDatabase): Promise<void> {
  await db.vaults.toCollection().modify((vault) => {
    delete vault.passkey
  })
}

/** Opens the data key with the secret the user's passkey answered; false if it does not open. */
export async function unlockWithPasskey(
  db: OfflineDatabase,
  userId: number,
  secret: Uint8Array<ArrayBuffer>,
): Promise<boolean> {
  const vault = await db.vaults.get(userId)
  if (!vault?.passkey) return false
  const key = await unwrapWithSecret(vault.passkey.wrap, secret)
  if (!key) return false
  await db.vaults.update(userId, { failures: 0 })
  unlocked = { userId, key }
  return true
}

/**
 * While the app is open and in use: its open key stays on the device until `until` (the idle
 * lock's time), so that a reload or a relaunch before then asks for no PIN.
 */
export async function keepKeyOpen(
  db: OfflineDatabase,
  userId: number,
  span: Omit<OpenKey, 'key'>,
): Promise<void> {
  if (unlocked?.userId !== userId) return
  await db.vaults.update(userId, { open: { key: unlocked.key, ...span } })
}

/** The open key leaves the device: the next start asks for the PIN. */
export async function closeKey(db: OfflineDatabase, userId: number): Promise<void> {
  await db.vaults.update(userId, { open: undefined })
}

/**
 * On a start: the key kept open, when `mayOpen` says its window is still on; it is closed either
 * way, to be kept again while the app is in use.
 */
export async function reopenKey(
  db: OfflineDatabase,
  userId: number,
  mayOpen: (open: Omit<OpenKey, 'key'>) => boolean,
): Promise<boolean> {
  const open = (await db.vaults.get(userId))?.open
  await closeKey(db, userId)
  if (!open || !mayOpen(open)) return false
  unlocked = { userId, key: open.key }
  return true
}

/** Forgets the data key: the kept data is unreadable until the PIN is entered again. */
export function lockVault(): void {
  unlocked = null
}

function currentKey(userId: number): CryptoKey {
  if (unlocked?.userId !== userId) throw new Error('the kept data is locked')
  return unlocked.key
}

/** `value` encrypted under the user's data key (the vault must be unlocked). */
export async function sealForDevice(userId: number, value: unknown): Promise<Encrypted> {
  return sealJson(currentKey(userId), value)
}

/** What `sealForDevice` sealed; throws when locked, or sealed under another key. */
export async function openFromDevice(userId: number, sealed: unknown): Promise<unknown> {
  if (!isEncrypted(sealed)) throw new Error('not sealed')
  return openJson(currentKey(userId), sealed)
}

/** Keeps `value` sealed; `keptAt` is when it was read, when that is earlier than now. */
export async function keep(
  db: OfflineDatabase,
  userId: number,
  name: string,
  value: unknown,
  keptAt = Date.now(),
): Promise<void> {
  const sealed = await sealForDevice(userId, value)
  await db.keptRecords.put({ name, userId, sealed, keptAt })
}

/** The user's kept record, or undefined when there is none or it cannot be read. */
export async function readKept(
  db: OfflineDatabase,
  userId: number,
  name: string,
): Promise<unknown> {
  const record = await db.keptRecords.get([userId, name])
  if (record === undefined) return undefined
  return openFromDevice(userId, record.sealed).catch(() => undefined)
}

export async function forgetKept(db: OfflineDatabase, userId: number, name: string): Promise<void> {
  await db.keptRecords.delete([userId, name])
}

/**
 * Sign-out: the user's kept records and draft go, and their key leaves memory. Their wrapped key
 * stays, so that their next password sign-in on this device asks for no new PIN.
 */
export async function wipeOnSignOut(db: OfflineDatabase, userId: number): Promise<void> {
  // Another person's key, open on this tablet now, stays open.
  if (isUnlocked(userId)) lockVault()
  await db.transaction('rw', db.vaults, db.keptRecords, db.drafts, async () => {
    await Promise.all([
      db.vaults.update(userId, { open: undefined }),
      db.keptRecords.where({ userId }).delete(),
      db.drafts.delete(userId),
    ])
  })
}

/**
 * Too many wrong PINs, a revoked session: the user's key, kept records and draft go.
 * The outbox is not touched: unsent trials are never lost.
 */
export async function wipePersonalData(db: OfflineDatabase, userId?: number): Promise<void> {
  if (userId === undefined || isUnlocked(userId)) lockVault()
  await db.transaction('rw', db.vaults, db.keptRecords, db.drafts, async () => {
    if (userId === undefined) {
      await Promise.all([db.vaults.clear(), db.keptRecords.clear(), db.drafts.clear()])
      return
    }
    await Promise.all([
      db.vaults.delete(userId),
      db.keptRecords.where({ userId }).delete(),
      db.drafts.delete(userId),
    ])
  })
}
